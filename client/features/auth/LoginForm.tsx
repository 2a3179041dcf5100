import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthMessages, AuthTitles } from '../../../shared/schemas/auth/messages.js';
import { LoginBody, type LoginResponse } from '../../../shared/schemas/auth/login.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import { adoptSession } from '../session/actions.js';
import styles from './Auth.module.css';
import { showFailure } from './failure.js';

export function LoginForm({ initialEmail = '', onTwoFactor }: { initialEmail?: string; onTwoFactor: (challengeToken: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body: LoginBody = { email: email.trim(), password, rememberMe };
    const problem = !body.email || !body.password ? AuthMessages.loginEmpty : schemaError(LoginBody, body);
    if (problem) return void errorToast(AuthTitles.validation, problem);

    setBusy(true);
    try {
      const answer = await api<LoginResponse>('/api/auth/login', { body, quiet: true });
      if ('twoFactorRequired' in answer) {
        setBusy(false);
        return onTwoFactor(answer.challengeToken);
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
      <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} isDisabled={busy} autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} isDisabled={busy} />
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
        By signing in you accept our <Link href="/terms">Terms of Service</Link> and <Link href="/privacy">Privacy Policy</Link>.
      </p>
    </form>
  );
}
