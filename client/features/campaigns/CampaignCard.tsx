import { Network } from 'lucide-react';
import { Link } from 'wouter';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import page from '../../ui/Page.module.css';
import styles from './Campaigns.module.css';
import { CampaignFacts } from './CampaignFacts.js';
import { CampaignBadges, CampaignTypeTags } from './CampaignLabels.js';

export function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  const soon = campaign.status === 'coming-soon';
  return (
    <article
      className={[page.card, styles.card, soon ? styles.soon : ''].join(' ')}
      aria-labelledby={`campaign-${campaign.id}`}
      data-testid="campaign-card"
    >
      <CampaignBadges campaign={campaign} />
      <h2 id={`campaign-${campaign.id}`} className={styles.name}>
        {campaign.name}
      </h2>
      <p className={[page.muted, styles.description].join(' ')}>{campaign.description}</p>
      <CampaignFacts
        campaign={campaign}
        facts={['payout', 'roleNeeded', 'commission', 'agents']}
        className={styles.facts}
      />
      <CampaignTypeTags types={campaign.campaignTypes} />
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
