import { Link } from 'wouter';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { TextField } from '../../ui/TextField.js';
import styles from './Auth.module.css';
import { EmailField } from './EmailField.js';
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
  const login = useLogin(initialEmail, onTwoFactor);

  return (
    <form className={styles.form} onSubmit={login.submit} aria-label="Login">
      <EmailField value={login.email} onChange={login.setEmail} isDisabled={login.busy} autoFocus />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={login.password}
        onChange={login.setPassword}
        isDisabled={login.busy}
      />
      {login.codeRequest !== null ? (
        <EmailCodeField
          why={login.codeRequest}
          code={login.emailCode}
          onChange={login.setEmailCode}
          onResend={() => void login.submit(null, false)}
          busy={login.busy}
        />
      ) : null}
      <div className={styles.row}>
        <Checkbox isSelected={login.rememberMe} onChange={login.setRememberMe} isDisabled={login.busy}>
          Remember me for 30 days
        </Checkbox>
        <Link href="/login?forgot" className={styles.link}>
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" fullWidth isDisabled={login.busy}>
        {login.busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className={styles.fine}>
        By signing in you accept our <Link href="/terms">Terms of Service</Link> and{' '}
        <Link href="/privacy">Privacy Policy</Link>.
      </p>
    </form>
  );
}
