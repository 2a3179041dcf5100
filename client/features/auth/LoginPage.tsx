import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import { AuthLayout } from './AuthLayout.js';
import { LoginForm } from './LoginForm.js';
import { RequestResetForm, SetPasswordForm } from './PasswordReset.js';
import { RegisterForm } from './RegisterForm.js';
import { TwoFactorForm } from './TwoFactorForm.js';

/**
 * /login: Login and Register tabs; `?forgot` asks for a reset code, `?reset={code}&email=` (the e-mail's link)
 * sets the new password; accounts with an authenticator app get a code step after the password.
 */
export default function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const [signInEmail, setSignInEmail] = useState('');

  const backToLogin = (email: string) => {
    setResetSentTo(null);
    setSignInEmail(email);
    navigate('/login', { replace: true });
  };

  if (params.has('reset') || resetSentTo !== null) {
    return (
      <AuthLayout title="Set a new password">
        <SetPasswordForm
          initialEmail={resetSentTo ?? params.get('email') ?? ''}
          initialCode={params.get('reset') ?? ''}
          onDone={backToLogin}
        />
      </AuthLayout>
    );
  }
  if (params.has('forgot')) {
    return (
      <AuthLayout title="Reset your password">
        <RequestResetForm onSent={setResetSentTo} />
      </AuthLayout>
    );
  }
  if (challengeToken) {
    return (
      <AuthLayout title="Two-factor authentication">
        <TwoFactorForm challengeToken={challengeToken} onCancel={() => setChallengeToken(null)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Commission Warriors Dashboard" subtitle="Sign in to your account, or create one to get started.">
      <Tabs defaultSelectedKey={params.get('tab') === 'register' ? 'register' : 'login'}>
        <TabList aria-label="Login or register">
          <Tab id="login">Login</Tab>
          <Tab id="register">Register</Tab>
        </TabList>
        <TabPanel id="login">
          <LoginForm key={signInEmail} initialEmail={signInEmail} onTwoFactor={setChallengeToken} />
        </TabPanel>
        <TabPanel id="register">
          <RegisterForm />
        </TabPanel>
      </Tabs>
    </AuthLayout>
  );
}
