import { useState, type FormEvent } from 'react';
import { TwoFactorCodeBody, type TwoFactorSetupResponse } from '../../../shared/schemas/me/two-factor.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { errorToast, toast } from '../../ui/toast.js';
import { session } from '../session/public.js';

type Step = { kind: 'idle' } | { kind: 'scan'; setup: TwoFactorSetupResponse } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor sign-in's steps: idle, scanning the server's QR code, then the recovery codes shown once; the code typed
 * to turn it on or off, checked here before it is sent; `busy` while a request is out.
 */
export function useTwoFactor() {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const checkedCode = (): string | null => {
    const body = { code: code.replace(/\s+/g, '') };
    const problem = schemaError(TwoFactorCodeBody, body);
    if (problem) {
      errorToast('Error', problem);
      return null;
    }
    return body.code;
  };

  const begin = () =>
    run(async () => {
      const setup = await api('/api/me/2fa/setup', { method: 'POST' });
      setCode('');
      setStep({ kind: 'scan', setup });
    });

  const enable = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedCode();
    if (!checked) return;
    void run(async () => {
      const answer = await api('/api/me/2fa/enable', { method: 'POST', body: { code: checked } });
      if (session.user) session.user.twoFactorEnabled = true;
      setCode('');
      setStep({ kind: 'codes', codes: answer.recoveryCodes });
      toast({ title: 'Two-factor authentication enabled', variant: 'success' });
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedCode();
    if (!checked) return;
    void run(async () => {
      await api('/api/me/2fa/disable', { method: 'POST', body: { code: checked } });
      if (session.user) session.user.twoFactorEnabled = false;
      setCode('');
      setStep({ kind: 'idle' });
      toast({ title: 'Two-factor authentication disabled' });
    });
  };

  return { step, code, setCode, busy, begin, enable, disable, backToIdle: () => setStep({ kind: 'idle' }) };
}
