import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { CAMPAIGN_ROLES, type CampaignListQuery } from '../../../shared/schemas/campaigns/list.js';
import { CampaignMessages } from '../../../shared/schemas/campaigns/messages.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Select } from '../../ui/Select.js';
import { useSession } from '../session/public.js';
import page from '../../ui/Page.module.css';
import { CampaignCard } from './CampaignCard.js';
import { CampaignFormDialog } from './CampaignForm.js';
import { useCampaigns } from './useCampaigns.js';
import styles from './Campaigns.module.css';

type StatusFilter = 'all' | 'active' | 'coming-soon';
const STATUS_FILTERS: { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'active', label: 'Active' },
  { id: 'coming-soon', label: 'Coming Soon' },
];
const ROLE_OPTIONS = [{ id: 'all', label: 'All roles' }, ...CAMPAIGN_ROLES.map((role) => ({ id: role, label: role }))];

export default function CampaignsPage() {
  const { user } = useSession();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [role, setRole] = useState<string>('all');
  const [creating, setCreating] = useState(false);
  const query: CampaignListQuery = {
    search,
    status: status === 'all' ? undefined : status,
    role: role === 'all' ? undefined : (role as CampaignListQuery['role']),
  };
  const { items, loading, failed, reload } = useCampaigns(query);
  const canCreate = user?.role === 'owner' || user?.role === 'admin';

  return (
    <section className={page.page} aria-labelledby="campaigns-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="campaigns-title" className={page.title}>
            Campaigns
          </h1>
          <p className={page.subtitle}>
            Browse the campaigns, their commission structures and payouts, and join the ones you want to work.
          </p>
        </div>
        {canCreate ? (
          <Button onPress={() => setCreating(true)}>
            <Plus size={18} aria-hidden="true" /> New Campaign
          </Button>
        ) : null}
      </div>
      <FilterBar>
        <SearchInput
          label="Search campaigns"
          hideLabel
          placeholder="Search campaigns..."
          value={search}
          onChange={setSearch}
          className={styles.search}
        />
        <FilterGroup label="Campaign status" options={STATUS_FILTERS} value={status} onChange={setStatus} />
        <Select
          label="Role needed"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(value) => setRole(value ?? 'all')}
          className={styles.roleSelect}
        />
      </FilterBar>
      {failed ? (
        <LoadFailed title="Campaigns could not be loaded." onRetry={reload} />
      ) : !loading && items.length === 0 ? (
        <EmptyState title={CampaignMessages.notFound} />
      ) : (
        <div className={page.grid} aria-busy={loading}>
          {items.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </div>
      )}
      {canCreate ? (
        <CampaignFormDialog
          isOpen={creating}
          onOpenChange={setCreating}
          onSaved={(saved) => {
            setCreating(false);
            reload();
            navigate(`/dashboard/campaigns/${saved.slug}`);
          }}
        />
      ) : null}
    </section>
  );
}
