import { useEffect, useState, type FormEvent } from 'react';
import { CAMPAIGN_INTEREST_OPTIONS, TIMINGS } from '../../../shared/constants.js';
import type { WaitlistJoinBody } from '../../../shared/schemas/waitlist/join.js';
import { WaitlistMessages, waitlistFormError } from '../../../shared/schemas/waitlist/messages.js';
import { ApiError } from '../../api/client.js';
import { Button } from '../../ui/Button.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import { joinWaitlist } from './waitlist-outbox.js';
import styles from './WaitlistForm.module.css';

type Phase = 'idle' | 'submitting' | 'success';

interface WaitlistFields {
  name: string;
  email: string;
  contact: string;
  campaignInterest: string | null;
}

const EMPTY: WaitlistFields = { name: '', email: '', contact: '', campaignInterest: null };
const INTEREST_OPTIONS = CAMPAIGN_INTEREST_OPTIONS.map((option) => ({ id: option, label: option }));
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

const BUTTON_TEXT: Record<Phase, string> = {
  idle: 'Join the Waitlist',
  submitting: 'Processing...',
  success: 'Joined Successfully',
};

export function WaitlistForm() {
  const [fields, setFields] = useState<WaitlistFields>(EMPTY);
  const [phase, setPhase] = useState<Phase>('idle');
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

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      onFocus={() => void loadCheck().catch(() => undefined)}
      aria-label="Join the waitlist"
    >
      <div className={styles.grid}>
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={set('name')}
          isDisabled={busy}
          placeholder="Your name"
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
          isDisabled={busy}
          placeholder="you@example.com"
        />
        <TextField
          label="WhatsApp / Telegram / Phone"
          name="contact"
          autoComplete="tel"
          value={fields.contact}
          onChange={set('contact')}
          isDisabled={busy}
          placeholder="@handle or +1 555 0100"
        />
        <Select
          label="Campaign Interest"
          name="campaignInterest"
          placeholder="Select a campaign"
          options={INTEREST_OPTIONS}
          value={fields.campaignInterest}
          onChange={set('campaignInterest')}
          isDisabled={busy}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        fullWidth
        isDisabled={busy}
        className={phase === 'success' ? styles.joined : undefined}
      >
        {BUTTON_TEXT[phase]}
      </Button>
    </form>
  );
}
