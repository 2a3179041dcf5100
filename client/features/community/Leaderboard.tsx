import { Trophy } from 'lucide-react';
import { useEffect } from 'react';
import type { Key } from 'react-aria-components';
import type {
  Leaderboard as Standings,
  LeaderboardMetric,
  LeaderboardPeriod,
} from '../../../shared/schemas/leaderboard/standings.js';
import { Avatar } from '../../ui/Avatar.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { Select } from '../../ui/Select.js';
import { ALL_CAMPAIGNS, useCampaignFilterOptions } from '../campaigns/public.js';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { useSession } from '../session/public.js';
import { followLeaderboard, loadLeaderboard, setLeaderboardFilter, useLeaderboard } from './leaderboard-store.js';
import styles from './Leaderboard.module.css';

const PERIODS: { id: LeaderboardPeriod; label: string; phrase: string }[] = [
  { id: 'week', label: 'This Week', phrase: 'this week' },
  { id: 'month', label: 'This Month', phrase: 'this month' },
  { id: 'all', label: 'All Time', phrase: 'yet' },
];
const METRICS: { id: LeaderboardMetric; label: string }[] = [
  { id: 'deals', label: 'Deals closed' },
  { id: 'earnings', label: 'Earnings' },
];
const dealsLabel = (n: number) => `${n.toLocaleString('en-US')} deal${n === 1 ? '' : 's'}`;

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

function StandingsList({ phrase }: { phrase: string }) {
  const { data, loading, failed, by } = useLeaderboard();
  const { user } = useSession();

  if (failed)
    return (
      <EmptyState title="The leaderboard could not be loaded.">
        <Button variant="ghost" size="sm" onPress={() => void loadLeaderboard()}>
          Try again
        </Button>
      </EmptyState>
    );
  if (!data) return <p className={page.muted}>{loading ? 'Loading...' : null}</p>;
  const score = (figures: Pick<Standings['me'], 'deals' | 'earnings'>) =>
    by === 'deals' ? dealsLabel(figures.deals) : formatCents(figures.earnings);
  const other = (figures: Pick<Standings['me'], 'deals' | 'earnings'>) =>
    by === 'deals' ? formatCents(figures.earnings) : dealsLabel(figures.deals);

  return (
    <div className={styles.standings} aria-busy={loading}>
      {data.entries.length === 0 ? (
        <EmptyState title={`No closed deals ${phrase}.`}>
          <span>Close a deal to put your name on the board.</span>
        </EmptyState>
      ) : (
        <ol className={styles.list} aria-label={`Top agents by ${by === 'deals' ? 'deals closed' : 'earnings'}`}>
          {data.entries.map((entry) => {
            const isMe = entry.user.id === user?.id;
            return (
              <li
                key={entry.user.id}
                className={[styles.entry, isMe ? styles.me : ''].join(' ')}
                data-testid="leaderboard-entry"
              >
                <span className={styles.rank}>
                  <span className="visually-hidden">Rank </span>
                  {entry.rank}
                </span>
                <Avatar name={entry.user.name} seed={entry.user.avatarSeed} size={32} />
                <span className={styles.name}>
                  {entry.user.name}
                  {isMe ? <span className={page.muted}> (you)</span> : null}
                </span>
                <span className={styles.score}>
                  <strong>{score(entry)}</strong>
                  <span className={[page.muted, page.small].join(' ')}>{other(entry)}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className={styles.mine} data-testid="leaderboard-me">
        {data.me.rank === null ? (
          `You have no closed deals ${phrase}.`
        ) : (
          <>
            Your rank: <strong>#{data.me.rank}</strong> · {dealsLabel(data.me.deals)} · {formatCents(data.me.earnings)}
          </>
        )}
      </p>
    </div>
  );
}
