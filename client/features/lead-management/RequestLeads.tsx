import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { LeadRequestBody } from '../../../shared/schemas/leads/request.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { TextField } from '../../ui/TextField.js';
import { toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';

/** "Request Leads" (spec 2), made real: asks distribution for up to N more of this campaign's leads within the caps. */
export function RequestLeads({ campaignId, campaignName }: { campaignId: string; campaignName: string }) {
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState('10');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function request(event: FormEvent) {
    event.preventDefault();
    const body = { campaignId, count: Number(count) };
    const problem = schemaError(LeadRequestBody, body);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api('/api/leads/request', { body });
      toast({
        title: answer.message,
        description: `You can receive ${answer.remainingToday} more today and ${answer.remainingThisMonth} more this month.`,
        variant: answer.assigned > 0 ? 'success' : 'default',
      });
      setOpen(false);
    } catch {
      // api() showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <UserPlus size={16} aria-hidden="true" /> Request Leads
      </Button>
      <Dialog title="Request Leads" isOpen={open} onOpenChange={setOpen}>
        <Form className={page.form} onSubmit={(event) => void request(event)}>
          <p className={page.muted}>
            New leads of {campaignName} are handed to you right away, up to your plan's daily and monthly limits.
          </p>
          <TextField
            label="How many leads?"
            inputMode="numeric"
            value={count}
            onChange={setCount}
            isInvalid={Boolean(error)}
            validationBehavior="aria"
            description={error ? <span className={page.error}>{error}</span> : undefined}
          />
          <div className={page.row}>
            <Button type="submit" isDisabled={busy}>
              Request Leads
            </Button>
            <Button variant="ghost" onPress={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
