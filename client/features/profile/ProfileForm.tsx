import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { ProfileMessages, profileFormError, type ProfileBody } from '../../../shared/schemas/me/profile.js';
import type { PublicUser } from '../../../shared/types/user.js';
import { api } from '../../api/client.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { replaceUser } from '../session/public.js';

/** Name and contact, saved with `PATCH /api/me`; only what changed is sent. */
export function ProfileForm({ user }: { user: PublicUser }) {
  const [name, setName] = useState(user.name);
  const [contact, setContact] = useState(user.contact ?? '');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ProfileBody = {};
    if (name.trim() !== user.name) body.name = name.trim();
    if (contact.trim() !== (user.contact ?? '')) body.contact = contact.trim();
    const problem = profileFormError(body);
    if (problem) return errorToast('Error', problem);
    setSaving(true);
    try {
      const { access: _access, ...fresh } = await api('/api/me', { method: 'PATCH', body });
      replaceUser(fresh as PublicUser);
      setName(fresh.name);
      setContact(fresh.contact ?? '');
      toast({ title: ProfileMessages.savedTitle, description: ProfileMessages.saved, variant: 'success' });
    } catch {
      // The API client showed the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      className={page.form}
      aria-label="Edit profile"
      validationBehavior="aria"
      onSubmit={(event) => void submit(event)}
    >
      <TextField label="Name" value={name} onChange={setName} isRequired isDisabled={saving} autoComplete="name" />
      <TextField
        label="Phone / WhatsApp / Telegram"
        value={contact}
        onChange={setContact}
        isDisabled={saving}
        autoComplete="tel"
      />
      <div>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </Form>
  );
}
