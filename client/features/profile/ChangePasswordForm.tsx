import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { PasswordChangeMessages, passwordChangeFormError } from '../../../shared/schemas/me/password.js';
import type { PublicUser } from '../../../shared/types/user.js';
import { api } from '../../api/client.js';
import { setAccessToken } from '../../api/token.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { PasswordStrengthHint } from '../auth/public.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { replaceUser } from '../session/public.js';

/**
 * `POST /api/me/password`: every other device is signed out, this one gets a fresh session from the answer.
 * Someone who forgot the current password takes the e-mailed reset link instead.
 */
export function ChangePasswordForm({ user }: { user: PublicUser }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { currentPassword, newPassword };
    const problem = passwordChangeFormError(body);
    if (problem) return errorToast('Error', problem);
    setBusy(true);
    try {
      const answer = await api('/api/me/password', { method: 'POST', body });
      setAccessToken(answer.accessToken);
      replaceUser(answer.user as PublicUser);
      setCurrentPassword('');
      setNewPassword('');
      toast({
        title: PasswordChangeMessages.changedTitle,
        description: PasswordChangeMessages.changed,
        variant: 'success',
      });
    } catch {
      // The API client showed why (wrong current password, too many tries).
    } finally {
      setBusy(false);
    }
  };

  const sendReset = async () => {
    setBusy(true);
    try {
      await api('/api/auth/forgot', { method: 'POST', body: { email: user.email } });
      toast({
        title: 'Check your email',
        description: `We sent a password reset link to ${user.email}.`,
        variant: 'success',
      });
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={page.stack}>
      <Form
        className={page.form}
        aria-label="Change password"
        validationBehavior="aria"
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label="Current password"
          type="password"
          value={currentPassword}
          onChange={setCurrentPassword}
          isRequired
          isDisabled={busy}
          autoComplete="current-password"
        />
        <TextField
          label="New password"
          type="password"
          value={newPassword}
          onChange={setNewPassword}
          isRequired
          isDisabled={busy}
          autoComplete="new-password"
          description={
            <>
              <PasswordStrengthHint password={newPassword} email={user.email} name={user.name} /> Your other devices
              will be signed out.
            </>
          }
        />
        <div>
          <Button type="submit" isDisabled={busy}>
            Change Password
          </Button>
        </div>
      </Form>
      <p className={page.muted}>
        Forgot your current password?{' '}
        <Button variant="ghost" size="sm" onPress={() => void sendReset()} isDisabled={busy}>
          E-mail me a reset link
        </Button>
      </p>
    </div>
  );
}
