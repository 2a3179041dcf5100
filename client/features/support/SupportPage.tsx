import { useState, type FormEvent } from 'react';
import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { useSearch } from 'wouter';
import { SupportBody, SupportMessages } from '../../../shared/schemas/support/create.js';
import { api, ApiError } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import field from '../../ui/Field.module.css';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { useSession } from '../session/public.js';

/** Writes to the support team; the answer comes by e-mail to the signed-in address. */
export default function SupportPage() {
  const { user } = useSession();
  const topic = new URLSearchParams(useSearch()).get('topic') ?? '';
  const [subject, setSubject] = useState(topic);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { subject: subject.trim(), message: message.trim() };
    const problem = schemaError(SupportBody, body);
    if (problem) return errorToast('Error', problem);
    setSending(true);
    try {
      const answer = await api('/api/support', { method: 'POST', body, quiet: true });
      toast({
        title: answer.title || SupportMessages.sentTitle,
        description: answer.message || SupportMessages.sent,
        variant: 'success',
      });
      setSubject('');
      setMessage('');
    } catch (error) {
      // Keep what was typed; say plainly that nothing was sent.
      if (error instanceof ApiError) errorToast(error.title ?? 'Error', error.message);
      else errorToast('Message not sent', 'Support messages cannot be sent right now. Please try again later.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={page.page} aria-labelledby="support-title">
      <div>
        <h1 id="support-title" className={page.title}>
          Support
        </h1>
        <p className={page.subtitle}>
          Questions about campaigns, payouts or your account? Write to us and we will answer by e-mail
          {user ? ` at ${user.email}` : ''}.
        </p>
      </div>
      <div className={page.card}>
        <Form className={page.form} validationBehavior="aria" onSubmit={(event) => void submit(event)}>
          <TextField label="Subject" value={subject} onChange={setSubject} isRequired isDisabled={sending} />
          <AriaTextField className={field.field} value={message} onChange={setMessage} isRequired isDisabled={sending}>
            <Label className={field.label}>Message</Label>
            <TextArea className={page.textarea} rows={8} />
          </AriaTextField>
          <div>
            <Button type="submit" isDisabled={sending}>
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}
