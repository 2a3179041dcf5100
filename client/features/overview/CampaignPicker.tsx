import { Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { CampaignMessages } from '../../../shared/schemas/campaigns/messages.js';
import { Badge } from '../../ui/Badge.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { selectCampaign } from '../campaigns/public.js';
import { limitedBadge } from '../campaigns/public.js';
import { useCampaigns } from '../campaigns/public.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Overview.module.css';

/** "Select a Campaign": a searchable list until a campaign is chosen. */
export function CampaignPicker() {
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const { items, loading, failed, reload } = useCampaigns({ search });

  return (
    <section className={page.card} aria-labelledby="select-campaign-title">
      <div className={page.cardHead}>
        <h2 id="select-campaign-title" className={page.cardTitle}>
          Select a Campaign
        </h2>
        <SearchInput
          label="Search campaigns"
          hideLabel
          placeholder="Search campaigns..."
          value={search}
          onChange={setSearch}
          className={styles.pickerSearch}
        />
      </div>
      {failed ? (
        <EmptyState title="Campaigns could not be loaded.">
          <Button className={page.link} onPress={reload}>
            Try again
          </Button>
        </EmptyState>
      ) : !loading && items.length === 0 ? (
        <EmptyState title={CampaignMessages.notFound} />
      ) : (
        <ul className={styles.pickerList} aria-busy={loading}>
          {items.map((campaign) => {
            const limited = limitedBadge(campaign, formatDate);
            return (
              <li key={campaign.id}>
                <Button
                  className={[styles.pickerItem, campaign.status === 'coming-soon' ? styles.pickerSoon : ''].join(' ')}
                  isDisabled={busy !== null}
                  onPress={() => {
                    setBusy(campaign.id);
                    selectCampaign(campaign)
                      .catch(() => false)
                      .finally(() => setBusy(null));
                  }}
                >
                  <span className={styles.pickerName}>
                    {campaign.name}
                    {campaign.status === 'coming-soon' ? <Badge tone="grey">Coming Soon</Badge> : null}
                    {limited ? <Badge tone="yellow">{limited}</Badge> : null}
                  </span>
                  <span className={[page.muted, page.small].join(' ')}>{campaign.description}</span>
                  <span className={styles.pickerMeta}>
                    <span>{campaign.payoutRange}</span>
                    <span>
                      <Users size={14} aria-hidden="true" /> {campaign.agentCount} agents
                    </span>
                    <span>{campaign.roleNeeded}</span>
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
