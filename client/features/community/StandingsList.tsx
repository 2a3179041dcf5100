import type { Leaderboard as Standings } from '../../../shared/schemas/leaderboard/standings.js';
import { Avatar } from '../../ui/Avatar.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { useSession } from '../session/public.js';
import { loadLeaderboard, useLeaderboard } from './leaderboard-store.js';
import styles from './Leaderboard.module.css';

const dealsLabel = (n: number) => `${n.toLocaleString('en-US')} deal${n === 1 ? '' : 's'}`;

/** One period's standings: the top agents with their score (and the other figure), the viewer marked, and the
 * viewer's own rank under the list. */
export function StandingsList({ phrase }: { phrase: string }) {
  const { data, loading, failed, by } = useLeaderboard();
  const { user } = useSession();

  if (failed) return <LoadFailed title="The leaderboard could not be loaded." onRetry={() => void loadLeaderboard()} />;
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
