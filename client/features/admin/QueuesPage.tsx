import { ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Button } from '../../ui/Button.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { toast } from '../../ui/toast.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { AdminOnly } from './AdminOnly.js';
import { JobCounts } from './JobCounts.js';
import { RecentFailures } from './RecentFailures.js';

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
