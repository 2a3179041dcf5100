import { useState } from 'react';
import { CreateFolderBody, MaterialMessages, type MaterialFolder } from '../../../shared/schemas/materials/list.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import type { CampaignOption } from './useCampaignOptions.js';
import styles from './Resources.module.css';

export function FolderDialog({
  isOpen,
  onOpenChange,
  campaigns,
  onCreated,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: CampaignOption[];
  onCreated: (folder: MaterialFolder) => void;
}) {
  const [name, setName] = useState('');
  const [campaign, setCampaign] = useState('none');
  const [saving, setSaving] = useState(false);

  async function submit() {
    const body: CreateFolderBody = { name: name.trim(), ...(campaign !== 'none' ? { campaign } : {}) };
    const problem = !body.name ? MaterialMessages.folderNameEmpty : schemaError(CreateFolderBody, body);
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setSaving(true);
    try {
      const folder = await api('/api/materials/folders', { body });
      toast({ title: 'Folder created', description: folder.name, variant: 'success' });
      setName('');
      onCreated(folder);
      onOpenChange(false);
    } catch {
      // The API client showed the server's reason.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog title="New Folder" isOpen={isOpen} onOpenChange={onOpenChange}>
      <form
        className={page.form}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField label="Folder name" value={name} onChange={setName} maxLength={100} autoFocus />
        <Select
          label="Campaign"
          options={[{ id: 'none', label: 'No campaign' }, ...campaigns]}
          value={campaign}
          onChange={(value) => setCampaign(value ?? 'none')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            Create Folder
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
