import { Link } from 'wouter';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { TextField } from '../../ui/TextField.js';
import styles from './Auth.module.css';
import { EmailCodeField } from './EmailCodeField.js';
import { useLogin } from './useLogin.js';

/** The sign-in form: e-mail, password, the e-mailed code when the account asks for one, Remember me. */
export function LoginForm({
  initialEmail = '',
  onTwoFactor,
}: {
  initialEmail?: string;
  onTwoFactor: (challengeToken: string) => void;
}) {
  const {
    email,
    setEmail,
    password,
    setPassword,
    rememberMe,
    setRememberMe,
    busy,
    codeRequest,
    emailCode,
    setEmailCode,
    submit,
  } = useLogin(initialEmail, onTwoFactor);

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
