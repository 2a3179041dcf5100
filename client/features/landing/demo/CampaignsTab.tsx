import { Users } from 'lucide-react';
import { Badge } from '../../../ui/Badge.js';
import { Button } from '../../../ui/Button.js';
import { limitedBadge } from '../../campaigns/public.js';
import type { CampaignsState } from '../campaigns.js';
import { formatDate } from '../format.js';
import { CAMPAIGNS_SECTION_ID, scrollToSection, scrollToWaitlist } from '../scroll.js';
import styles from './DemoWidget.module.css';

const SHOWN = 3;

export function CampaignsTab({ state }: { state: CampaignsState }) {
  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <h3>Active Campaigns</h3>
        <Button variant="ghost" size="sm" onPress={() => scrollToSection(CAMPAIGNS_SECTION_ID)}>
          View All
        </Button>
      </div>
      {state.status === 'ready' ? (
        state.campaigns.length ? (
          <ul className={styles.rows}>
            {state.campaigns.slice(0, SHOWN).map((campaign) => (
              <li key={campaign.id} className={styles.row}>
                <div>
                  <p className={styles.rowTitle}>
                    {campaign.name}{' '}
                    {limitedBadge(campaign, formatDate) ? (
                      <Badge tone="accent">{limitedBadge(campaign, formatDate)}</Badge>
                    ) : null}
                  </p>
                  <p className={styles.rowMeta}>{campaign.description}</p>
                </div>
                <div className={styles.rowEnd}>
                  <p className={styles.amount}>{campaign.payoutRange}</p>
                  <p className={styles.rowMeta}>
                    <Users size={14} aria-hidden="true" /> {campaign.agentCount} agents
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>No campaigns found</p>
        )
      ) : (
        <p className={styles.rowMeta}>
          {state.status === 'loading' ? 'Loading campaigns...' : 'Campaigns could not be loaded.'}
        </p>
      )}
      <Button fullWidth onPress={scrollToWaitlist}>
        Request New Leads
      </Button>
    </div>
  );
}
