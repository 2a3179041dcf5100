import { useEffect, useState, type FormEvent } from 'react';
import { TIMINGS } from '../../../shared/constants.js';
import type { WaitlistJoinBody } from '../../../shared/schemas/waitlist/join.js';
import { WaitlistMessages, waitlistFormError } from '../../../shared/schemas/waitlist/messages.js';
import { ApiError } from '../../api/client.js';
import { errorToast, toast } from '../../ui/toast.js';
import { joinWaitlist } from './waitlist-outbox.js';

export type WaitlistPhase = 'idle' | 'submitting' | 'success';

interface WaitlistFields {
  name: string;
  email: string;
  contact: string;
  campaignInterest: string | null;
}

const EMPTY: WaitlistFields = { name: '', email: '', contact: '', campaignInterest: null };
/** The schema library is the heaviest part of the form: fetched when the visitor starts filling it in, not with the page. */
const loadCheck = () => import('./waitlist-check.js');

async function schemaProblem(body: Record<keyof WaitlistJoinBody, string>): Promise<string | undefined> {
  try {
    return (await loadCheck()).waitlistSchemaProblem(body);
  } catch {
    // Offline before the check arrived: the server applies the same schema when the entry reaches it.
    return undefined;
  }
}

/**
 * The waitlist form's fields and its submit: checked (the schema fetched on first use), sent or kept in the local
 * outbox, the success state for a while, then an empty form again. `preloadCheck` fetches the schema check early.
 */
export function useWaitlistForm() {
  const [fields, setFields] = useState<WaitlistFields>(EMPTY);
  const [phase, setPhase] = useState<WaitlistPhase>('idle');
  const busy = phase !== 'idle';
  const set = (name: keyof WaitlistFields) => (value: string | null) =>
    setFields((current) => ({ ...current, [name]: value }));

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => {
      setFields(EMPTY);
      setPhase('idle');
    }, TIMINGS.waitlistSuccessResetMs);
    return () => clearTimeout(timer);
  }, [phase]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = { ...fields, campaignInterest: fields.campaignInterest ?? '' };
    const problem = waitlistFormError(body) ?? (await schemaProblem(body));
    if (problem) return void errorToast(WaitlistMessages.emptyTitle, problem);

    setPhase('submitting');
    try {
      await joinWaitlist(body as WaitlistJoinBody);
      toast({ title: WaitlistMessages.successTitle, description: WaitlistMessages.success, variant: 'success' });
      setPhase('success');
    } catch (error) {
      setPhase('idle');
      // A refusal the server explained (duplicate, bad field) is shown as is; anything else is the spec's failure toast.
      if (error instanceof ApiError && error.status < 500) errorToast(error.title ?? 'Error', error.message);
      else errorToast(WaitlistMessages.failedTitle, WaitlistMessages.failed);
    }
  }

  return { fields, set, phase, busy, submit, preloadCheck: loadCheck };
}
