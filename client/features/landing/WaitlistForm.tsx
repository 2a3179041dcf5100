import { CAMPAIGN_INTEREST_OPTIONS } from '../../../shared/constants.js';
import { Button } from '../../ui/Button.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { useWaitlistForm, type WaitlistPhase } from './useWaitlistForm.js';
import styles from './WaitlistForm.module.css';

const INTEREST_OPTIONS = CAMPAIGN_INTEREST_OPTIONS.map((option) => ({ id: option, label: option }));

const BUTTON_TEXT: Record<WaitlistPhase, string> = {
  idle: 'Join the Waitlist',
  submitting: 'Processing...',
  success: 'Joined Successfully',
};

/** The landing page's waitlist form: name, e-mail, contact and campaign interest. */
export function WaitlistForm() {
  const { fields, set, phase, busy, submit, preloadCheck } = useWaitlistForm();

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      onFocus={() => void preloadCheck().catch(() => undefined)}
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
