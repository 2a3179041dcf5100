import { Pencil } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import type { ClientItem, ClientStatus } from '../../../shared/schemas/clients/client.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { STAGE_TONES } from '../leads/public.js';
import styles from '../../ui/Leads.module.css';
import { progressBand, type useClients } from './store.js';

const STATUS_TONES: Record<ClientStatus, BadgeTone> = {
  active: 'green',
  paused: 'yellow',
  completed: 'blue',
  dropped: 'grey',
};
const BANDS = [styles.band0, styles.band1, styles.band2, styles.band3, styles.band4];

/** The clients as the store shows them. */
type ShownClients = ReturnType<typeof useClients>['items'];

/** The clients shown, one row each: progress, stage, next action, status and last contact. */
export function ClientsTable({
  items,
  busy,
  onEdit,
}: {
  items: ShownClients;
  busy: boolean;
  onEdit: (client: ClientItem) => void;
}) {
  return (
    <div className={page.tableWrap} aria-busy={busy}>
      <table className={page.table} data-testid="clients-table">
        <caption className="visually-hidden">Clients</caption>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Campaign</th>
            <th scope="col">Progress</th>
            <th scope="col">Stage</th>
            <th scope="col">Next action</th>
            <th scope="col">Status</th>
            <th scope="col">Last contact</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((client) => (
            <ClientRow key={client.id} client={client} onEdit={() => onEdit(client as ClientItem)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One client: who, campaign, progress bar in its band, stage, next action, status, last contact and Update. */
function ClientRow({ client, onEdit }: { client: ShownClients[number]; onEdit: () => void }) {
  return (
    <tr>
      <th scope="row" className={styles.rowHead}>
        <div className={styles.leadName}>{client.name}</div>
        <div className={styles.sub}>{[client.company, client.email].filter(Boolean).join(' · ')}</div>
      </th>
      <td>{client.campaignName}</td>
      <td>
        <div
          className={styles.progressTrack}
          role="progressbar"
          aria-label={`Progress of ${client.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={client.progress}
        >
          <div
            className={[styles.progressFill, BANDS[progressBand(client.progress)]].join(' ')}
            style={{ width: `${client.progress}%` }}
          />
        </div>
        <div className={styles.sub}>{client.progress}%</div>
      </td>
      <td>
        <Badge tone={STAGE_TONES[client.stage] ?? 'grey'}>{client.stage}</Badge>
      </td>
      <td>
        <div>{client.nextAction || '—'}</div>
        {client.nextActionDate ? <div className={styles.sub}>{formatDate(client.nextActionDate)}</div> : null}
      </td>
      <td>
        <Badge tone={STATUS_TONES[client.status]}>
          {client.status.charAt(0).toUpperCase() + client.status.slice(1)}
        </Badge>
      </td>
      <td>{client.lastContact ? formatDate(client.lastContact) : 'Never'}</td>
      <td>
        <AriaButton className={styles.iconButton} aria-label={`Update ${client.name}`} onPress={onEdit}>
          <Pencil size={15} aria-hidden="true" />
        </AriaButton>
      </td>
    </tr>
  );
}
