import { RotateCcw } from 'lucide-react';
import { Fragment } from 'react';
import type { QueueSummary } from '../../../shared/schemas/admin/queues.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Admin.module.css';

/** Each queue's latest failed jobs, each with why it failed and a retry. */
export function RecentFailures({
  queues,
  onRetry,
}: {
  queues: QueueSummary[];
  onRetry: (queue: string, jobId: string) => void;
}) {
  return (
    <section className={page.card} aria-labelledby="failures-title">
      <h2 id="failures-title" className={page.cardTitle}>
        Recent failures
      </h2>
      {queues.every((queue) => queue.recentFailures.length === 0) ? (
        <EmptyState title="No failed jobs" />
      ) : (
        <div className={page.tableWrap}>
          <table className={page.table}>
            <caption className="visually-hidden">Recent failed jobs</caption>
            <thead>
              <tr>
                <th scope="col">Queue</th>
                <th scope="col">Job</th>
                <th scope="col">Reason</th>
                <th scope="col" className={page.num}>
                  Attempts
                </th>
                <th scope="col">Failed</th>
                <th scope="col">
                  <span className="visually-hidden">Retry</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {queues.map((queue) => (
                <Fragment key={queue.name}>
                  {queue.recentFailures.map((job) => (
                    <tr key={`${queue.name}:${job.id}`}>
                      <td>{queue.name}</td>
                      <td>
                        {job.name} <span className={page.muted}>#{job.id}</span>
                      </td>
                      <td className={styles.reason}>{job.failedReason}</td>
                      <td className={page.num}>{job.attemptsMade}</td>
                      <td>{job.failedAt ? formatDateTime(job.failedAt) : '—'}</td>
                      <td>
                        <Button
                          variant="secondary"
                          size="sm"
                          onPress={() => onRetry(queue.name, job.id)}
                          aria-label={`Retry ${queue.name} job ${job.id}`}
                        >
                          <RotateCcw size={14} aria-hidden="true" /> Retry
                        </Button>
                      </td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
