import { useState } from 'react';
import { RebuttalInterestBody, RebuttalMessages } from '../../../shared/schemas/rebuttals/list.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import styles from './Resources.module.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's waitlist for the AI rebuttals to come: an e-mail, checked here and by the server. */
export function RebuttalsWaitlist() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  async function join() {
    const body = { email: email.trim() };
    const problem =
      schemaError(RebuttalInterestBody, body) ??
      (EMAIL_PATTERN.test(body.email) ? undefined : RebuttalMessages.emailInvalid);
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setSending(true);
    try {
      const answer = await api('/api/rebuttals/interest', { body });
      toast({ title: answer.message, variant: 'success' });
      setJoined(answer.message);
    } catch {
      // The API client showed the server's reason.
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={page.card} aria-labelledby="rebuttals-waitlist-title">
      <h2 id="rebuttals-waitlist-title" className={page.cardTitle}>
        Join the Waitlist
      </h2>
      <p className={page.muted}>
        Be the first to try AI Rebuttals. Early-access members get 100 free AI-generated rebuttals.
      </p>
      {joined ? (
        <p role="status">{joined}</p>
      ) : (
        <form
          className={styles.waitlist}
          onSubmit={(event) => {
            event.preventDefault();
            void join();
          }}
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={setEmail}
          />
          <Button type="submit" isDisabled={sending}>
            Join Waitlist
          </Button>
        </form>
      )}
    </section>
  );
}
