import { ScrollText } from 'lucide-react';
import type { CoachingAuditItem } from '../../../shared/schemas/coaching/audit.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FitTable } from '../../ui/FitTable.js';
import { formatTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';

const ACTIONS: Record<CoachingAuditItem['action'], string> = {
  join: 'Joined',
  mode: 'Switched to',
  leave: 'Left',
  'call-ended': 'Call ended',
  refused: 'Refused',
};
const MODES = { listen: 'Listen', whisper: 'Whisper', barge: 'Barge' } as const;

/** The listen-in audit log for campaign owners (their campaigns' calls) and admins (every call). */
export function CoachingAuditCard() {
  const audit = useApiQuery('/api/coaching/audit?limit=50', { quiet: true });
  const items = audit.data?.items ?? [];
  return (
    <section className={page.card} aria-labelledby="coaching-audit-title">
      <h2 id="coaching-audit-title" className={page.cardTitle}>
        <ScrollText size={18} aria-hidden="true" /> Listen-in log
      </h2>
      {items.length === 0 ? (
        <EmptyState title="Nobody has listened in yet" />
      ) : (
        <FitTable role="region" aria-label="Listen-in log">
          <table className={page.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Agent</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <time dateTime={item.at}>{formatTime(item.at)}</time>
                  </td>
                  <td>{item.actorName}</td>
                  <td>
                    {ACTIONS[item.action]}
                    {item.mode && item.action !== 'leave' && item.action !== 'call-ended' ? ` ${MODES[item.mode]}` : ''}
                    <span className={page.muted}> ({item.via})</span>
                  </td>
                  <td>
                    {item.agentName ?? ''}
                    {item.campaignName ? <span className={page.muted}> · {item.campaignName}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </FitTable>
      )}
    </section>
  );
}
