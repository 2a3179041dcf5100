import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ForgotBody } from '../../../shared/schemas/auth/forgot.js';
import { AuthMessages, AuthTitles, isEmailAddress } from '../../../shared/schemas/auth/messages.js';
import { ResetBody, resetFormError } from '../../../shared/schemas/auth/reset.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import styles from './Auth.module.css';
import { EmailField } from './EmailField.js';
import { showFailure } from './failure.js';
import { NewPasswordFields } from './NewPasswordFields.js';

/** Step 1: ask for a reset code. The answer is the same whether or not the e-mail has an account. */
export function RequestResetForm({
  initialEmail = '',
  onSent,
}: {
  initialEmail?: string;
  onSent: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body: ForgotBody = { email: email.trim() };
    const problem =
      schemaError(ForgotBody, body) ?? (isEmailAddress(body.email) ? undefined : AuthMessages.emailInvalid);
    if (problem) return void errorToast(AuthTitles.validation, problem);

    setBusy(true);
    try {
      const accepted = await api('/api/auth/forgot', { body, quiet: true });
      toast({
        title: 'Check your email',
        description: `If an account exists for ${accepted.email}, we sent a reset code. It is valid for 30 minutes.`,
      });
      onSent(accepted.email);
    } catch (error) {
      showFailure(error, AuthTitles.passwordResetFailed, 'Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Request a password reset">
      <p className={styles.subtitle}>
        Enter the e-mail of your account and we will send you a code to set a new password.
      </p>
      <EmailField value={email} onChange={setEmail} isDisabled={busy} autoFocus />
      <Button type="submit" size="lg" fullWidth isDisabled={busy}>
        {busy ? 'Sending...' : 'Send reset code'}
      </Button>
      <Link href="/login" className={styles.link}>
        Back to Login
      </Link>
    </form>
  );
}

/** Step 2: the code from the e-mail (or its link) and the new password. Every session of the account ends. */
export function SetPasswordForm({
  initialEmail = '',
  initialCode = '',
  onDone,
}: {
  initialEmail?: string;
  initialCode?: string;
  onDone: (email: string) => void;
}) {
  const [form, setForm] = useState({ email: initialEmail, code: initialCode, password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body: ResetBody = { email: form.email.trim(), code: form.code.trim(), password: form.password };
    const problem =
      resetFormError(body) ??
      (form.password !== form.confirmPassword ? AuthMessages.passwordsDiffer : undefined) ??
      schemaError(ResetBody, body);
    if (problem) return void errorToast(AuthTitles.validation, problem);

    setBusy(true);
    try {
      await api('/api/auth/reset', { body, quiet: true });
      toast({ title: 'Password updated', description: 'Sign in with your new password.', variant: 'success' });
      onDone(body.email);
    } catch (error) {
      setBusy(false);
      showFailure(error, AuthTitles.passwordResetFailed, 'Please try again later.');
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Set a new password">
      <EmailField value={form.email} onChange={set('email')} isDisabled={busy} />
      <TextField
        label="Reset code"
        name="code"
        autoComplete="one-time-code"
        value={form.code}
        onChange={set('code')}
        isDisabled={busy}
        description="The 8-character code from the e-mail."
        autoFocus={Boolean(initialEmail)}
      />
      <NewPasswordFields
        label="New Password"
        password={form.password}
        confirmPassword={form.confirmPassword}
        onPasswordChange={set('password')}
        onConfirmPasswordChange={set('confirmPassword')}
        isDisabled={busy}
        email={form.email}
      />
      <Button type="submit" size="lg" fullWidth isDisabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
      <button type="button" className={styles.link} onClick={() => onDone(form.email.trim())} disabled={busy}>
        Back to Login
      </button>
    </form>
  );
}
