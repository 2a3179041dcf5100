import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthTitles } from '../../../shared/schemas/auth/messages.js';
import { RegisterBody, registerFormError } from '../../../shared/schemas/auth/register.js';
import { api, ApiError } from '../../api/client.js';
import { NetworkError } from '../../api/token.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast } from '../../ui/toast.js';
import styles from './Auth.module.css';
import { EmailField } from './EmailField.js';
import { announceCodeSent } from './code-sent.js';
import { NewPasswordFields } from './NewPasswordFields.js';
import { ReferralMessages } from '../../../shared/schemas/invitations/referral.js';
import { clearReferralCode, savePendingUser } from './pending.js';
import { useReferral } from './useReferral.js';

const EMPTY = { name: '', email: '', password: '', confirmPassword: '', agreeTerms: false };

/** Spec 1 section 8, "Registration, ..." rows. */
function showRegistrationFailure(error: unknown): void {
  if (error instanceof NetworkError) {
    errorToast(
      AuthTitles.registrationFailed,
      'Could not connect to the verification service. Please check your internet connection and ensure the backend service is running.',
    );
  } else if (error instanceof ApiError && error.status >= 502 && error.status <= 504) {
    errorToast(AuthTitles.registrationFailed, `An unexpected network error occurred: HTTP ${error.status}`);
  } else if (error instanceof ApiError && error.status < 500) {
    errorToast(
      error.title ?? (error.status === 400 ? AuthTitles.validation : AuthTitles.registrationFailed),
      error.message,
    );
  } else {
    errorToast(AuthTitles.registrationFailed, 'An unexpected error occurred during registration.');
  }
}

export function RegisterForm() {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const referral = useReferral();
  // An unknown code cannot name an upline: it is not sent, and the form says so.
  const referralCode = referral.status === 'none' || referral.status === 'unknown' ? undefined : referral.code;
  const set =
    <K extends keyof typeof EMPTY>(key: K) =>
    (value: (typeof EMPTY)[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body: RegisterBody = {
      ...form,
      name: form.name.trim(),
      email: form.email.trim(),
      ...(referralCode ? { referralCode } : {}),
    };
    const problem = registerFormError(body) ?? schemaError(RegisterBody, body);
    if (problem) return void errorToast(AuthTitles.validation, problem);

    setBusy(true);
    try {
      const pending = await api('/api/auth/register', { body, quiet: true });
      savePendingUser(pending.email);
      clearReferralCode();
      announceCodeSent(pending.email, pending.devCode);
      navigate('/verify', { state: { email: pending.email } });
    } catch (error) {
      setBusy(false);
      showRegistrationFailure(error);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Register">
      <TextField
        label="Full Name"
        name="name"
        autoComplete="name"
        value={form.name}
        onChange={set('name')}
        isDisabled={busy}
      />
      <EmailField value={form.email} onChange={set('email')} isDisabled={busy} />
      <NewPasswordFields
        label="Password"
        password={form.password}
        confirmPassword={form.confirmPassword}
        onPasswordChange={set('password')}
        onConfirmPasswordChange={set('confirmPassword')}
        isDisabled={busy}
        email={form.email}
        name={form.name}
      />
      <Checkbox isSelected={form.agreeTerms} onChange={set('agreeTerms')} isDisabled={busy}>
        I agree to the terms and conditions
      </Checkbox>
      <p className={styles.fine}>
        Read the <Link href="/terms">Terms of Service</Link> and the <Link href="/privacy">Privacy Policy</Link>.
        {referral.status === 'valid'
          ? ` ${referral.inviterFirstName} invited you with the referral code ${referral.code}.`
          : ''}
        {referral.status === 'checking' ? ` You were invited with the referral code ${referral.code}.` : ''}
      </p>
      {referral.status === 'unknown' ? (
        <p className={styles.fine} role="alert">
          {ReferralMessages.unknown}
        </p>
      ) : null}
      <Button type="submit" size="lg" fullWidth isDisabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
