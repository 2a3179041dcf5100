import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { Badge } from '../../ui/Badge.js';
import { formatDate } from '../../ui/format.js';
import { limitedBadge } from './limited.js';
import styles from './Campaigns.module.css';

/** A campaign's badges, on its card and its page: Active or Coming Soon, Joined, Limited, Profit Share. */
export function CampaignBadges({ campaign }: { campaign: CampaignSummary }) {
  const limited = limitedBadge(campaign, formatDate);
  return (
    <div className={styles.badges}>
      {campaign.status === 'coming-soon' ? <Badge tone="grey">Coming Soon</Badge> : <Badge tone="green">Active</Badge>}
      {campaign.joined ? <Badge tone="blue">Joined</Badge> : null}
      {limited ? <Badge tone="yellow">{limited}</Badge> : null}
      {campaign.isProfitShare ? <Badge tone="accent">Profit Share</Badge> : null}
    </div>
  );
}

/** The campaign's types as tags (nothing when it has none). */
export function CampaignTypeTags({ types }: { types: readonly string[] }) {
  return types.length ? (
    <ul className={styles.tags} aria-label="Campaign types">
      {types.map((type) => (
        <li key={type}>{type}</li>
      ))}
    </ul>
  ) : null;
}
