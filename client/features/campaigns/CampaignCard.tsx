import { Network } from 'lucide-react';
import { Link } from 'wouter';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { Badge } from '../../ui/Badge.js';
import { formatDate } from '../../ui/format.js';
import { limitedBadge } from './limited.js';
import page from '../../ui/Page.module.css';
import styles from './Campaigns.module.css';
import { CampaignFacts } from './CampaignFacts.js';

export function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  const soon = campaign.status === 'coming-soon';
  return (
    <article
      className={[page.card, styles.card, soon ? styles.soon : ''].join(' ')}
      aria-labelledby={`campaign-${campaign.id}`}
      data-testid="campaign-card"
    >
      <div className={styles.badges}>
        {soon ? <Badge tone="grey">Coming Soon</Badge> : <Badge tone="green">Active</Badge>}
        {campaign.joined ? <Badge tone="blue">Joined</Badge> : null}
        {limitedBadge(campaign, formatDate) ? <Badge tone="yellow">{limitedBadge(campaign, formatDate)}</Badge> : null}
        {campaign.isProfitShare ? <Badge tone="accent">Profit Share</Badge> : null}
      </div>
      <h2 id={`campaign-${campaign.id}`} className={styles.name}>
        {campaign.name}
      </h2>
      <p className={[page.muted, styles.description].join(' ')}>{campaign.description}</p>
      <CampaignFacts
        campaign={campaign}
        facts={['payout', 'roleNeeded', 'commission', 'agents']}
        className={styles.facts}
      />
      {campaign.campaignTypes.length ? (
        <ul className={styles.tags} aria-label="Campaign types">
          {campaign.campaignTypes.map((type) => (
            <li key={type}>{type}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.cardLinks}>
        <Link
          href={`/dashboard/campaigns/${campaign.slug}`}
          className={page.link}
          aria-label={`View details of ${campaign.name}`}
        >
          View Details
        </Link>
        <Link
          href={`/dashboard/bonsai?campaign=${campaign.slug}`}
          className={styles.bonsaiLink}
          aria-label={`Open the Bonsai of ${campaign.name}`}
        >
          <Network size={16} aria-hidden="true" /> Bonsai
        </Link>
      </div>
    </article>
  );
}
