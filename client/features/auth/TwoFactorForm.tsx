import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { LoginTwoFactorBody } from '../../../shared/schemas/auth/login-2fa.js';
import { AuthTitles } from '../../../shared/schemas/auth/messages.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import { adoptSession } from '../session/public.js';
import styles from './Auth.module.css';
import { showFailure } from './failure.js';

/** Second step of sign-in for accounts with an authenticator app: a TOTP code or a recovery code. */
export function TwoFactorForm({ challengeToken, onCancel }: { challengeToken: string; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body: LoginTwoFactorBody = { challengeToken, code: code.trim() };
    const problem = schemaError(LoginTwoFactorBody, body);
    if (problem) return void errorToast(AuthTitles.validation, problem);

    setBusy(true);
    try {
      adoptSession(await api('/api/auth/login/2fa', { body, quiet: true }));
      toast({ title: 'Login successful!', variant: 'success' });
      navigate('/dashboard');
    } catch (error) {
      setBusy(false);
      showFailure(error, AuthTitles.loginFailed, 'Please check your credentials and try again.');
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Two-factor authentication">
      <p className={styles.subtitle}>
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
        isDisabled={busy}
        maxLength={32}
        autoFocus
        inputClassName={styles.codeInput}
      />
      <Button type="submit" size="lg" fullWidth isDisabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <button type="button" className={styles.link} onClick={onCancel} disabled={busy}>
        Back to Login
      </button>
    </form>
  );
}
