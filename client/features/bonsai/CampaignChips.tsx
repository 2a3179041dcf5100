import { Button } from 'react-aria-components';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { Badge } from '../../ui/Badge.js';
import { announceComingSoon } from '../campaigns/public.js';
import styles from './Bonsai.module.css';

interface CampaignChipsProps {
  campaigns: readonly CampaignSummary[];
  campaignId: string | null;
  onChoose: (campaignId: string) => void;
}

/** One chip a campaign; a coming-soon one only says so. */
export function CampaignChips({ campaigns, campaignId, onChoose }: CampaignChipsProps) {
  return (
    <ul className={styles.campaignChips}>
      {campaigns.map((item) => (
        <li key={item.id}>
          <Button
            className={[
              styles.chip,
              item.id === campaignId ? styles.chipActive : '',
              item.status === 'coming-soon' ? styles.chipSoon : '',
            ].join(' ')}
            aria-pressed={item.id === campaignId}
            onPress={() => (item.status === 'coming-soon' ? announceComingSoon() : onChoose(item.id))}
          >
            {item.name}
            {item.status === 'coming-soon' ? <Badge tone="grey">Soon</Badge> : null}
          </Button>
        </li>
      ))}
    </ul>
  );
}
