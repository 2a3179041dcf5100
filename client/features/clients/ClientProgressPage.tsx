import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { CLIENT_STATUSES, type ClientItem, type ClientStatus } from '../../../shared/schemas/clients/client.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { Button, LinkButton } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { Select } from '../../ui/Select.js';
import { useCampaigns } from '../campaigns/public.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { STAGE_TONES } from '../leads/public.js';
import styles from '../../ui/Leads.module.css';
import { ClientEditDialog } from './ClientEditDialog.js';
import { followClients, progressBand, showClients, showMoreClients, useClients } from './store.js';

type StatusFilter = 'all' | ClientStatus;

const STATUS_FILTERS = [
  { id: 'all', label: 'All' },
  ...CLIENT_STATUSES.map((status) => ({ id: status, label: status.charAt(0).toUpperCase() + status.slice(1) })),
] as {
  id: StatusFilter;
  label: string;
}[];
const STATUS_TONES: Record<ClientStatus, BadgeTone> = {
  active: 'green',
  paused: 'yellow',
  completed: 'blue',
  dropped: 'grey',
};
const BANDS = [styles.band0, styles.band1, styles.band2, styles.band3, styles.band4];

const filterOf = (campaignId: string, status: StatusFilter) => ({
  campaignId: campaignId === 'all' ? undefined : campaignId,
  status: status === 'all' ? undefined : status,
});

/** Client Progress (spec 2; route /dashboard/clients): leads that reached Qualified, with progress and next actions. */
export default function ClientProgressPage() {
  const { items: campaigns } = useCampaigns();
  const { items, status, nextCursor } = useClients();
  const [campaignId, setCampaignId] = useState('all');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<ClientItem | null>(null);

  useEffect(() => followClients(), []);
  useEffect(() => {
    void showClients(filterOf(campaignId, statusFilter));
  }, [campaignId, statusFilter]);

  const campaignOptions = [
    { id: 'all', label: 'All campaigns' },
    ...campaigns.map((campaign) => ({ id: campaign.id, label: campaign.name })),
  ];

  return (
    <section className={page.page} aria-labelledby="clients-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="clients-title" className={page.title}>
            Client Progress
          </h1>
          <p className={page.subtitle}>
            Leads that reached Potential or Qualified, their progress and what comes next.
          </p>
        </div>
        <LinkButton href="/dashboard/leads" variant="ghost">
          Leads
        </LinkButton>
      </div>
      <div className={page.card}>
        <div className={page.stack}>
          <div className={styles.toolbar}>
            <Select
              label="Campaign"
              options={campaignOptions}
              value={campaignId}
              onChange={(next) => setCampaignId(next ?? 'all')}
            />
            <FilterGroup
              label="Filter clients by status"
              options={STATUS_FILTERS}
              value={statusFilter}
              onChange={setStatusFilter}
            />
          </div>
          {status === 'failed' ? (
            <EmptyState title="Your clients could not be loaded.">
              <Button variant="ghost" size="sm" onPress={() => void showClients(filterOf(campaignId, statusFilter))}>
                Try again
              </Button>
            </EmptyState>
          ) : status === 'ready' && items.length === 0 ? (
            <EmptyState title="No clients found">
              <p className={page.muted}>A lead becomes a client when its status reaches Potential.</p>
            </EmptyState>
          ) : items.length === 0 ? (
            <p className={page.muted} role="status">
              Loading...
            </p>
          ) : (
            <ClientsTable items={items} busy={status === 'loading'} onEdit={setEditing} />
          )}
          {status === 'ready' && nextCursor ? (
            <Button variant="ghost" size="sm" onPress={() => void showMoreClients().catch(() => undefined)}>
              Show more clients
            </Button>
          ) : null}
        </div>
      </div>
      {editing ? <ClientEditDialog client={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

/** The clients as the store shows them. */
type ShownClients = ReturnType<typeof useClients>['items'];

/** The clients shown, one row each: progress, stage, next action, status and last contact. */
function ClientsTable({
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
