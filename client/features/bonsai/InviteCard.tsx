import { Copy, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { InvitationBody } from '../../../shared/schemas/invitations/create.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import styles from './Bonsai.module.css';

export function InviteCard({ referralLink }: { referralLink: string }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim() };
    const problem = schemaError(InvitationBody, body);
    if (problem) return errorToast('Error', problem);
    setSending(true);
    try {
      const answer = await api('/api/invitations', { method: 'POST', body });
      toast({ title: answer.title, description: answer.message, variant: 'success' });
      setEmail('');
    } catch {
      // The API client showed why.
    } finally {
      setSending(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referralLink);
      toast({ title: 'Referral link copied to clipboard', variant: 'success' });
    } catch {
      errorToast('Failed to copy to clipboard');
    }
  };

  return (
    <section className={page.card} aria-labelledby="grow-title">
      <h2 id="grow-title" className={page.cardTitle}>
        Grow your Bonsai
      </h2>
      <div className={page.stack}>
        <div>
          <p className={[page.small, page.muted].join(' ')} id="referral-label">
            Your referral link
          </p>
          <div className={styles.referral}>
            <code className={styles.referralLink} aria-labelledby="referral-label" data-testid="referral-link">
              {referralLink}
            </code>
            <Button variant="secondary" size="sm" onPress={() => void copy()}>
              <Copy size={16} aria-hidden="true" /> Copy
            </Button>
          </div>
        </div>
        <Form className={styles.invite} onSubmit={(event) => void send(event)}>
          <TextField
            label="Invite by e-mail"
            type="email"
            value={email}
            onChange={setEmail}
            isDisabled={sending}
            placeholder="name@example.com"
          />
          <Button type="submit" isDisabled={sending || !email.trim()}>
            <Send size={16} aria-hidden="true" /> {sending ? 'Sending...' : 'Send Invite'}
          </Button>
        </Form>
      </div>
    </section>
  );
}
