import { Users } from 'lucide-react';
import { Badge } from '../../ui/Badge.js';
import { LinkButton } from '../../ui/Button.js';
import type { CampaignSummary } from './campaigns.js';
import { limitedBadge } from '../campaigns/public.js';
import { formatDate } from './format.js';
import styles from './CampaignDirectory.module.css';
import { CampaignFacts } from '../campaigns/public.js';

export function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  const titleId = `campaign-${campaign.id}`;
  return (
    <li className={styles.card} data-testid="campaign-card">
      <div className={styles.badges}>
        {campaign.status === 'coming-soon' ? <Badge tone="grey">Coming Soon</Badge> : null}
        {campaign.isProfitShare ? <Badge tone="green">Profit Share</Badge> : null}
        {limitedBadge(campaign, formatDate) ? <Badge tone="accent">{limitedBadge(campaign, formatDate)}</Badge> : null}
      </div>
      <h3 id={titleId}>{campaign.name}</h3>
      <p className={styles.description}>{campaign.description}</p>
      <CampaignFacts campaign={campaign} facts={['roleNeeded', 'payout']} className={styles.facts} />
      {campaign.campaignTypes.length ? (
        <ul className={styles.types} aria-label="Campaign types">
          {campaign.campaignTypes.map((type) => (
            <li key={type}>{type}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.footer}>
        <span className={styles.agents}>
          <Users size={16} aria-hidden="true" /> {campaign.agentCount} {campaign.agentCount === 1 ? 'agent' : 'agents'}
        </span>
        <LinkButton
          href={`/dashboard/campaigns/${campaign.slug}`}
          size="sm"
          variant="secondary"
          aria-label={`View Details: ${campaign.name}`}
        >
          View Details
        </LinkButton>
      </div>
    </li>
  );
}
