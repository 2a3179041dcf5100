import { useEffect, useState } from 'react';
import { CLIENT_STATUSES, type ClientItem, type ClientStatus } from '../../../shared/schemas/clients/client.js';
import { Button, LinkButton } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { Select } from '../../ui/Select.js';
import { useCampaigns } from '../campaigns/public.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { ClientEditDialog } from './ClientEditDialog.js';
import { ClientsTable } from './ClientsTable.js';
import { followClients, showClients, showMoreClients, useClients } from './store.js';

type StatusFilter = 'all' | ClientStatus;

const STATUS_FILTERS = [
  { id: 'all', label: 'All' },
  ...CLIENT_STATUSES.map((status) => ({ id: status, label: status.charAt(0).toUpperCase() + status.slice(1) })),
] as {
  id: StatusFilter;
  label: string;
}[];

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
            <LoadFailed
              title="Your clients could not be loaded."
              onRetry={() => void showClients(filterOf(campaignId, statusFilter))}
            />
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
