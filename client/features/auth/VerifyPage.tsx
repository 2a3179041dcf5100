import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { VERIFICATION } from '../../../shared/constants.js';
import { AuthMessages, AuthTitles } from '../../../shared/schemas/auth/messages.js';
import { VerifyBody } from '../../../shared/schemas/auth/verify.js';
import { api, ApiError } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast } from '../../ui/toast.js';
import { adoptSession } from '../session/public.js';
import styles from './Auth.module.css';
import { AuthLayout } from './AuthLayout.js';
import { announceCodeSent } from './code-sent.js';
import { showFailure } from './failure.js';
import { clearPendingUser, readPendingUser, resendSecondsLeft, savePendingUser } from './pending.js';

/** The e-mail arrives in navigation state (spec); the stored pending user covers a reload of the page. */
function pendingEmail(): string {
  const state = window.history.state as { email?: unknown } | null;
  return typeof state?.email === 'string' ? state.email : (readPendingUser()?.email ?? '');
}

function useCountdown(initial: number): [number, (seconds: number) => void] {
  const [secondsLeft, setSecondsLeft] = useState(initial);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((n) => n - 1), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return [secondsLeft, setSecondsLeft];
}

export default function VerifyPage() {
  const [email] = useState(pendingEmail);
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [cooldown, setCooldown] = useCountdown(resendSecondsLeft(readPendingUser()));
  const [, navigate] = useLocation();

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verifying) return;
    if (code.length < VERIFICATION.codeLength) return void errorToast(AuthTitles.validation, AuthMessages.codeFormat);
    if (!email) return void errorToast(AuthTitles.validation, AuthMessages.verificationExpired);
    const body: VerifyBody = { email, code };
    const problem = schemaError(VerifyBody, body);
    if (problem) return void errorToast(AuthTitles.validation, problem);

    setVerifying(true);
    try {
      adoptSession(await api('/api/auth/verify', { body, quiet: true }));
      clearPendingUser();
      navigate('/role-selection');
    } catch (error) {
      setVerifying(false);
      showFailure(error, AuthTitles.verificationFailed, 'Invalid verification code. Please try again.');
    }
  }

  async function resend() {
    if (!email) return void errorToast(AuthTitles.validation, AuthMessages.verificationExpired);
    setResending(true);
    try {
      const pending = await api('/api/auth/resend', { body: { email }, quiet: true });
      savePendingUser(pending.email);
      setCooldown(VERIFICATION.resendCooldownSeconds);
      announceCodeSent(pending.email, pending.devCode);
    } catch (error) {
      // The server owns the cooldown: its seconds-left answer restarts ours.
      if (error instanceof ApiError && error.retryAfter) setCooldown(error.retryAfter);
      showFailure(error, AuthTitles.resendFailed, 'Please try again later.');
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthLayout
      title="Verify your email"
      subtitle={
        email
          ? `We sent a 6-digit code to ${email}. Enter it below to activate your account.`
          : 'Enter the 6-digit code from your verification e-mail.'
      }
    >
      <form className={styles.form} onSubmit={verify} aria-label="Verify your email">
        <TextField
          label="Verification Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION.codeLength}
          value={code}
          onChange={(value) => setCode(value.replace(/\s/g, ''))}
          isDisabled={verifying}
          inputClassName={styles.codeInput}
          autoFocus
        />
        <Button type="submit" size="lg" fullWidth isDisabled={verifying}>
          {verifying ? 'Verifying...' : 'Verify Email'}
        </Button>
      </form>
      <div className={styles.actions}>
        <Link href="/login" className={styles.link}>
          Back to Login
        </Link>
        <Button variant="ghost" size="sm" onPress={resend} isDisabled={cooldown > 0 || resending}>
          {cooldown > 0 ? `Resend in ${cooldown}s` : 'Resend Code'}
        </Button>
      </div>
    </AuthLayout>
  );
}
