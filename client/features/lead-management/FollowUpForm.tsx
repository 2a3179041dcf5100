import { useState, type FormEvent } from 'react';
import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { LeadUpdateBody } from '../../../shared/schemas/leads/update.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import fieldStyles from '../../ui/Field.module.css';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { updateLead } from '../leads/public.js';

/** The lead's next action, its date and notes (only what changed is sent), and moving it on to a proposal. */
export function FollowUpForm({ lead }: { lead: LeadItem }) {
  const [nextAction, setNextAction] = useState(lead.nextAction ?? '');
  const [nextActionDate, setNextActionDate] = useState(lead.nextActionDate?.slice(0, 10) ?? '');
  const [notes, setNotes] = useState(lead.notes ?? '');
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const body: LeadUpdateBody = {};
    if (nextAction !== (lead.nextAction ?? '')) body.nextAction = nextAction.trim();
    if (nextActionDate !== (lead.nextActionDate?.slice(0, 10) ?? '')) body.nextActionDate = nextActionDate || null;
    if (notes !== (lead.notes ?? '')) body.notes = notes;
    const problem = Object.keys(body).length === 0 ? 'Nothing to change.' : schemaError(LeadUpdateBody, body);
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setBusy(true);
    try {
      await updateLead(lead.id, body);
      toast({ title: 'Lead updated', description: `${lead.name}'s follow-up was saved.`, variant: 'success' });
    } catch {
      // api() showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  const canPropose = lead.stage !== 'Proposal' && lead.stage !== 'Closed' && lead.stage !== 'Lost';

  return (
    <section className={styles.section}>
      <h3>Follow-up</h3>
      <Form className={page.stack} onSubmit={(event) => void save(event)} aria-label={`Follow-up of ${lead.name}`}>
        <TextField label="Next action" value={nextAction} onChange={setNextAction} maxLength={200} />
        <TextField label="Next action date" type="date" value={nextActionDate} onChange={setNextActionDate} />
        <AriaTextField className={fieldStyles.field} value={notes} onChange={setNotes} maxLength={5000}>
          <Label className={fieldStyles.label}>Notes</Label>
          <TextArea className={page.textarea} />
        </AriaTextField>
        <div className={page.row}>
          <Button type="submit" size="sm" isDisabled={busy}>
            Save follow-up
          </Button>
          {canPropose ? (
            <Button
              variant="secondary"
              size="sm"
              onPress={() =>
                void updateLead(lead.id, { stage: 'Proposal' })
                  .then(() =>
                    toast({
                      title: 'Lead updated',
                      description: `${lead.name} is now at the Proposal stage.`,
                      variant: 'success',
                    }),
                  )
                  .catch(() => undefined)
              }
            >
              Mark as Proposal
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
