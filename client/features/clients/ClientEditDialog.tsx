import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { LEAD_STAGES } from '../../../shared/constants.js';
import { CLIENT_STATUSES, type ClientItem } from '../../../shared/schemas/clients/client.js';
import { ClientUpdateBody } from '../../../shared/schemas/clients/update.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { updateClient } from './store.js';

const STAGE_OPTIONS = LEAD_STAGES.map((stage) => ({ id: stage, label: stage }));
const STATUS_OPTIONS = CLIENT_STATUSES.map((status) => ({
  id: status,
  label: status.charAt(0).toUpperCase() + status.slice(1),
}));

/** PATCH /api/clients/:id with the fields that changed, checked first against the shared schema. */
export function ClientEditDialog({ client, onClose }: { client: ClientItem; onClose: () => void }) {
  const [progress, setProgress] = useState(String(client.progress));
  const [stage, setStage] = useState<string>(client.stage);
  const [status, setStatus] = useState<string>(client.status);
  const [nextAction, setNextAction] = useState(client.nextAction ?? '');
  const [nextActionDate, setNextActionDate] = useState(client.nextActionDate?.slice(0, 10) ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    if (progress.trim() !== String(client.progress))
      body.progress = progress.trim() === '' ? Number.NaN : Number(progress);
    if (stage !== client.stage) body.stage = stage;
    if (status !== client.status) body.status = status;
    if (nextAction.trim() !== (client.nextAction ?? '')) body.nextAction = nextAction.trim();
    if (nextActionDate !== (client.nextActionDate?.slice(0, 10) ?? '')) body.nextActionDate = nextActionDate || null;
    const problem = Object.keys(body).length === 0 ? 'Nothing to change.' : schemaError(ClientUpdateBody, body);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await updateClient(client.id, body as ClientUpdateBody);
      toast({ title: 'Client updated', description: `${client.name}'s progress was saved.`, variant: 'success' });
      onClose();
    } catch {
      // api() showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Update ${client.name}`} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <Form className={page.form} onSubmit={(event) => void save(event)}>
        <TextField label="Progress (%)" inputMode="numeric" value={progress} onChange={setProgress} />
        <div className={page.formGrid}>
          <Select label="Stage" options={STAGE_OPTIONS} value={stage} onChange={(next) => next && setStage(next)} />
          <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={(next) => next && setStatus(next)} />
        </div>
        <TextField label="Next action" value={nextAction} onChange={setNextAction} maxLength={200} />
        <TextField label="Next action date" type="date" value={nextActionDate} onChange={setNextActionDate} />
        {error ? (
          <p className={page.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={page.row}>
          <Button type="submit" isDisabled={busy}>
            Save
          </Button>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
