import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AuthMessages, AuthTitles } from '../../../shared/schemas/auth/messages.js';
import { LoginBody } from '../../../shared/schemas/auth/login.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { errorToast, toast } from '../../ui/toast.js';
import { adoptSession } from '../session/public.js';
import { showFailure } from './failure.js';

/**
 * The sign-in form's fields and its submit: checked as the server checks them, then a session, the two-factor step
 * (`onTwoFactor`) or the e-mailed code the account asks for; `submit(null, false)` sends a new code.
 */
export function useLogin(initialEmail: string, onTwoFactor: (challengeToken: string) => void) {
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

  return {
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
  };
}
