import { Trophy } from 'lucide-react';
import { useEffect } from 'react';
import type { Key } from 'react-aria-components';
import type { LeaderboardMetric, LeaderboardPeriod } from '../../../shared/schemas/leaderboard/standings.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { Select } from '../../ui/Select.js';
import { ALL_CAMPAIGNS, useCampaignFilterOptions } from '../campaigns/public.js';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import page from '../../ui/Page.module.css';
import { followLeaderboard, loadLeaderboard, setLeaderboardFilter, useLeaderboard } from './leaderboard-store.js';
import styles from './Leaderboard.module.css';
import { StandingsList } from './StandingsList.js';

const PERIODS: { id: LeaderboardPeriod; label: string; phrase: string }[] = [
  { id: 'week', label: 'This Week', phrase: 'this week' },
  { id: 'month', label: 'This Month', phrase: 'this month' },
  { id: 'all', label: 'All Time', phrase: 'yet' },
];
const METRICS: { id: LeaderboardMetric; label: string }[] = [
  { id: 'deals', label: 'Deals closed' },
  { id: 'earnings', label: 'Earnings' },
];

/** Standings on real sales (closed deals or ledger earnings), re-read live as deals close. */
export function Leaderboard() {
  const { period, by, campaignId } = useLeaderboard();
  const campaigns = useCampaignFilterOptions();

  useEffect(() => followLeaderboard(), []);
  useEffect(() => {
    void loadLeaderboard();
  }, []);

  return (
    <section
      className={[page.card, styles.board].join(' ')}
      aria-labelledby="leaderboard-title"
      data-testid="leaderboard"
    >
      <div className={styles.head}>
        <div>
          <h2 id="leaderboard-title" className={page.cardTitle}>
            <Trophy size={18} aria-hidden="true" /> Leaderboard
          </h2>
          <p className={[page.muted, page.small].join(' ')}>
            Ranked on real closed deals and commissions, not on likes.
          </p>
        </div>
        <div className={styles.filters}>
          <FilterGroup
            label="Rank by"
            options={METRICS}
            value={by}
            onChange={(next) => setLeaderboardFilter({ by: next })}
          />
          <Select
            label="Campaign"
            options={campaigns}
            value={campaignId ?? ALL_CAMPAIGNS}
            onChange={(value) => setLeaderboardFilter({ campaignId: !value || value === ALL_CAMPAIGNS ? null : value })}
            className={styles.campaign}
          />
        </div>
      </div>
      <Tabs
        selectedKey={period}
        onSelectionChange={(key: Key) => setLeaderboardFilter({ period: String(key) as LeaderboardPeriod })}
      >
        <TabList aria-label="Leaderboard period">
          {PERIODS.map((item) => (
            <Tab key={item.id} id={item.id}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        {PERIODS.map((item) => (
          <TabPanel key={item.id} id={item.id}>
            <StandingsList phrase={item.phrase} />
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
