import { ExternalLink, RefreshCw, RotateCcw } from 'lucide-react';
import { Fragment, useState } from 'react';
import { JOB_STATES, type QueueSummary } from '../../../shared/schemas/admin/queues.js';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { toast } from '../../ui/toast.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { AdminOnly } from './AdminOnly.js';
import styles from './Admin.module.css';

const REFRESH_MS = 10_000;

export default function QueuesPage() {
  return (
    <AdminOnly title="Queues">
      <QueueDashboard />
    </AdminOnly>
  );
}

function QueueDashboard() {
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const {
    data: overview,
    failed,
    retry: reload,
    refresh,
  } = useApiQuery('/api/admin/queues', { refreshMs: REFRESH_MS, onLoad: () => setUpdatedAt(new Date().toISOString()) });

  async function retry(queue: string, jobId: string) {
    try {
      await api(`/api/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(jobId)}/retry`, {
        method: 'POST',
      });
      toast({ title: 'Job queued again', description: `${queue} #${jobId}`, variant: 'success' });
      refresh();
    } catch {
      // The API client showed why.
    }
  }

  // The board is a page of its own outside the app: the server first gives this browser the board's session cookie.
  async function openBoard() {
    try {
      const { url } = await api('/api/admin/queues/board-session', { method: 'POST' });
      window.location.assign(url);
    } catch {
      // The API client showed why.
    }
  }

  return (
    <section className={page.page} aria-labelledby="queues-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="queues-title" className={page.title}>
            Queues
          </h1>
          <p className={page.subtitle}>
            Background jobs per queue and state; failed jobs can be retried (every job is idempotent).
          </p>
        </div>
        <div className={page.row}>
          {updatedAt ? (
            <span className={[page.muted, page.small].join(' ')}>Updated {formatDateTime(updatedAt)}</span>
          ) : null}
          <Button variant="secondary" onPress={reload}>
            <RefreshCw size={16} aria-hidden="true" /> Refresh
          </Button>
          <Button variant="secondary" onPress={() => void openBoard()}>
            <ExternalLink size={16} aria-hidden="true" /> Open Bull Board
          </Button>
        </div>
      </div>
      {failed && !overview ? (
        <LoadFailed title="The queues could not be loaded." onRetry={reload} />
      ) : overview ? (
        <>
          <JobCounts queues={overview.queues} />
          <RecentFailures queues={overview.queues} onRetry={(queue, jobId) => void retry(queue, jobId)} />
        </>
      ) : (
        <p className={page.muted}>Loading...</p>
      )}
    </section>
  );
}

/** Jobs per queue and state; failed counts above zero stand out. */
function JobCounts({ queues }: { queues: QueueSummary[] }) {
  return (
    <div className={[page.card, page.tableWrap].join(' ')}>
      <table className={page.table}>
        <caption className="visually-hidden">Jobs per queue and state</caption>
        <thead>
          <tr>
            <th scope="col">Queue</th>
            {JOB_STATES.map((state) => (
              <th key={state} scope="col" className={page.num}>
                {state}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.name}>
              <th scope="row">{queue.name}</th>
              {JOB_STATES.map((state) => (
                <td
                  key={state}
                  className={[page.num, state === 'failed' && (queue.counts[state] ?? 0) > 0 ? styles.failed : ''].join(
                    ' ',
                  )}
                >
                  {(queue.counts[state] ?? 0).toLocaleString('en-US')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each queue's latest failed jobs, each with why it failed and a retry. */
function RecentFailures({
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
