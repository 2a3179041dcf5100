import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthMessages, AuthTitles } from '../../../shared/schemas/auth/messages.js';
import { LoginBody } from '../../../shared/schemas/auth/login.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import { adoptSession } from '../session/public.js';
import styles from './Auth.module.css';
import { showFailure } from './failure.js';

/** The e-mailed sign-in code an account asks for after too many failed sign-ins: why, the code, and a new one. */
function EmailCodeField({
  why,
  code,
  onChange,
  onResend,
  busy,
}: {
  why: string;
  code: string;
  onChange: (code: string) => void;
  onResend: () => void;
  busy: boolean;
}) {
  return (
    <>
      <p className={styles.fine} role="status">
        {why}
      </p>
      <TextField
        label="Sign-in code"
        name="emailCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={onChange}
        isDisabled={busy}
        autoFocus
        description="The 6-digit code from the e-mail, valid for 10 minutes."
      />
      <Button variant="ghost" size="sm" onPress={onResend} isDisabled={busy}>
        Send a new code
      </Button>
    </>
  );
}

export function LoginForm({
  initialEmail = '',
  onTwoFactor,
}: {
  initialEmail?: string;
  onTwoFactor: (challengeToken: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set once the account asks for an e-mailed sign-in code (too many failed sign-ins): the text says why.
  const [codeRequest, setCodeRequest] = useState<string | null>(null);
  const [emailCode, setEmailCode] = useState('');
  const [, navigate] = useLocation();

  async function submit(event: FormEvent<HTMLFormElement> | null, withCode = codeRequest !== null) {
    event?.preventDefault();
    if (busy) return;
    const body: LoginBody = {
      email: email.trim(),
      password,
      rememberMe,
      ...(withCode ? { emailCode: emailCode.trim() } : {}),
    };
    const problem = !body.email || !body.password ? AuthMessages.loginEmpty : schemaError(LoginBody, body);
    if (problem) return void errorToast(AuthTitles.validation, problem);
    if (withCode && !/^\d{6}$/.test(body.emailCode ?? ''))
      return void errorToast(AuthTitles.validation, AuthMessages.loginCodeFormat);

    setBusy(true);
    try {
      const answer = await api('/api/auth/login', { body, quiet: true });
      if ('twoFactorRequired' in answer) {
        setBusy(false);
        return onTwoFactor(answer.challengeToken);
      }
      if ('emailCodeRequired' in answer) {
        setBusy(false);
        setEmailCode('');
        return setCodeRequest(answer.message);
      }
      adoptSession(answer);
      toast({ title: 'Login successful!', variant: 'success' });
      navigate('/dashboard');
    } catch (error) {
      setBusy(false);
      showFailure(error, AuthTitles.loginFailed, 'Please check your credentials and try again.');
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Login">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        isDisabled={busy}
        autoFocus
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        isDisabled={busy}
      />
      {codeRequest !== null ? (
        <EmailCodeField
          why={codeRequest}
          code={emailCode}
          onChange={setEmailCode}
          onResend={() => void submit(null, false)}
          busy={busy}
        />
      ) : null}
      <div className={styles.row}>
        <Checkbox isSelected={rememberMe} onChange={setRememberMe} isDisabled={busy}>
          Remember me for 30 days
        </Checkbox>
        <Link href="/login?forgot" className={styles.link}>
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" fullWidth isDisabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className={styles.fine}>
        By signing in you accept our <Link href="/terms">Terms of Service</Link> and{' '}
        <Link href="/privacy">Privacy Policy</Link>.
      </p>
    </form>
  );
}
