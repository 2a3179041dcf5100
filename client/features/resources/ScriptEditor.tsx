import { useState } from 'react';
import { ScriptMessages, ScriptUpdateBody, type ScriptItem } from '../../../shared/schemas/scripts/list.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Dialog } from '../../ui/Dialog.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { LongTextField, SaveActions } from './EditorFields.js';

/** The campaign owner's (or an admin's) editor for one script; the server re-checks who may edit. */
export function ScriptEditor({
  script,
  onClose,
  onSaved,
}: {
  script: ScriptItem;
  onClose: () => void;
  onSaved: (script: ScriptItem) => void;
}) {
  const [title, setTitle] = useState(script.title);
  const [content, setContent] = useState(script.content);
  const [saving, setSaving] = useState(false);

  async function save() {
    const body: ScriptUpdateBody = { title: title.trim(), content };
    const problem = !body.title
      ? ScriptMessages.titleEmpty
      : !content.trim()
        ? ScriptMessages.contentEmpty
        : schemaError(ScriptUpdateBody, body);
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setSaving(true);
    try {
      const saved = await api(`/api/scripts/${script.id}`, { method: 'PUT', body });
      toast({ title: 'Script saved', description: saved.title, variant: 'success' });
      onSaved(saved);
    } catch {
      // The API client showed why.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog title="Edit script" isOpen onOpenChange={(open) => (open ? undefined : onClose())} wide>
      <form
        className={page.form}
        style={{ maxWidth: 'none' }}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField label="Title" value={title} onChange={setTitle} maxLength={200} />
        <LongTextField label="Script" value={content} onChange={setContent} maxLength={20_000} rows={14} />
        <SaveActions saving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
