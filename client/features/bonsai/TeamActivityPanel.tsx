import { Activity, Phone, PhoneOff, Trophy, UserPlus } from 'lucide-react';
import type { TeamActivityItem } from '../../../shared/schemas/team/activity.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FitTable } from '../../ui/FitTable.js';
import { formatCents, formatTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { useBonsai } from './store.js';
import styles from './Bonsai.module.css';

const ICONS: Record<TeamActivityItem['kind'], typeof Activity> = {
  'call-started': Phone,
  'call-ended': PhoneOff,
  'lead-closed': Trophy,
  'deal-closed': Trophy,
  'recruit-joined': UserPlus,
};

/** What the viewer's downline (levels 1-3) is doing right now and today, live. */
export function TeamActivityPanel() {
  const { today, feed } = useBonsai();
  const onCall = today?.members.filter((member) => member.onCall) ?? [];

  return (
    <section className={page.card} aria-labelledby="team-activity-title" data-testid="team-activity">
      <h2 id="team-activity-title" className={page.cardTitle}>
        <Activity size={18} aria-hidden="true" /> Team activity
        <span className={styles.liveDot} aria-hidden="true" />
        <span className={[page.small, page.muted].join(' ')}>Live</span>
      </h2>
      <p className={[page.small, page.muted].join(' ')}>
        {onCall.length
          ? `On a call now: ${onCall.map((member) => member.name).join(', ')}`
          : 'Nobody in your team is on a call right now.'}
      </p>
      {today && today.members.length ? (
        <FitTable role="region" aria-label="Today's figures per team member">
          <table className={page.table}>
            <caption className={styles.caption}>Today</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col" className={page.num}>
                  Dials
                </th>
                <th scope="col" className={page.num}>
                  Connects
                </th>
                <th scope="col" className={page.num}>
                  Overrides
                </th>
              </tr>
            </thead>
            <tbody>
              {today.members.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.name} <span className={page.muted}>L{member.level}</span>
                    {member.onCall ? <span className={styles.onCall}>On a call</span> : null}
                  </td>
                  <td className={page.num}>{member.dials}</td>
                  <td className={page.num}>{member.connects}</td>
                  <td className={page.num}>{formatCents(member.overrides)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </FitTable>
      ) : null}
      <h3 className={styles.feedTitle}>Latest</h3>
      {feed.length === 0 ? (
        <EmptyState title="No team activity yet today" />
      ) : (
        <div className={styles.feed} role="log" aria-label="Team activity feed" tabIndex={0}>
          <ol className={styles.feedList}>
            {feed.map((item) => {
              const Icon = ICONS[item.kind];
              return (
                <li key={item.id} className={styles.feedItem} data-kind={item.kind}>
                  <Icon size={16} aria-hidden="true" />
                  <span className={styles.feedText}>{item.text}</span>
                  <time className={[page.small, page.muted].join(' ')} dateTime={item.at}>
                    {formatTime(item.at)}
                  </time>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
