import { Download, PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { formatDuration } from '../../../shared/schemas/dialer/messages.js';
import { downloadFile } from '../../api/download.js';
import { PageStatus } from '../../app/PageStatus.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import page from '../../ui/Page.module.css';
import { StatCard } from '../../ui/StatCard.js';
import { DialerPanel, dialNumber } from '../dialer/public.js';
import { CallFilters } from './CallFilters.js';
import { CallsTable } from './CallsTable.js';
import { callHistory, filterParams, followCallHistory, loadCalls, loadMoreCalls, useCallHistory } from './store.js';
import styles from './Calls.module.css';

function hasFilters(): boolean {
  const { status, direction, campaignId, from, to, q } = callHistory.filters;
  return status !== 'all' || direction !== 'all' || Boolean(campaignId || from || to || q.trim());
}

function ExportButton() {
  const [exporting, setExporting] = useState(false);
  const exportLog = async () => {
    setExporting(true);
    try {
      const params = filterParams();
      await downloadFile(`/api/calls/export.csv${params.size ? `?${params}` : ''}`, 'call-log.csv');
    } catch {
      // The toast said why.
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" onPress={() => void exportLog()} isPending={exporting}>
      <Download size={16} aria-hidden="true" /> Export Call Log
    </Button>
  );
}

/** `/dashboard/calls?phone=&leadId=&name=` (a link from another screen) fills the dialer's number field. */
function useNumberFromLink(): void {
  const search = useSearch();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const phone = params.get('phone');
    if (!phone) return;
    const leadId = params.get('leadId');
    dialNumber(phone, leadId && /^[0-9a-f]{24}$/.test(leadId) ? leadId : undefined, params.get('name') ?? undefined);
  }, [search]);
}

export default function CallsPage() {
  const history = useCallHistory();
  useEffect(() => followCallHistory(), []);
  useNumberFromLink();
  const stats = history.stats;

  return (
    <div className={styles.layout}>
      <section className={page.page} aria-labelledby="calls-title">
        <div className={page.pageHead}>
          <div>
            <h1 id="calls-title" className={page.title}>
              Call History
            </h1>
            <p className={page.subtitle}>Every call you made, its outcome, notes and recording.</p>
          </div>
          <ExportButton />
        </div>

        <div className={page.stats} aria-label="Call statistics" role="group">
          <StatCard
            label="Total calls"
            icon={<PhoneCall size={16} aria-hidden="true" />}
            value={String(stats?.total ?? 0)}
          />
          <StatCard label="Answered" value={String(stats?.answered ?? 0)} />
          <StatCard label="Missed" value={String(stats?.missed ?? 0)} />
          <StatCard label="Voicemail" value={String(stats?.voicemail ?? 0)} />
          <StatCard label="Average call duration" value={formatDuration(stats?.averageDuration ?? 0)} />
        </div>

        <div className={page.card}>
          <CallFilters />
          {history.status === 'loading' || history.status === 'idle' ? (
            <PageStatus />
          ) : history.status === 'failed' ? (
            <EmptyState title="Call history could not be loaded.">
              <Button variant="secondary" onPress={() => void loadCalls()}>
                Try again
              </Button>
            </EmptyState>
          ) : history.items.length === 0 ? (
            <EmptyState title={hasFilters() ? 'No calls match these filters.' : 'No calls yet.'}>
              <p className={page.muted}>Calls you place from the dialer appear here.</p>
            </EmptyState>
          ) : (
            <>
              <CallsTable calls={history.items} />
              <p className={[page.muted, page.small].join(' ')} aria-live="polite">
                Showing {history.items.length} of {stats?.total ?? history.items.length} calls
              </p>
              {history.nextCursor ? (
                <Button variant="secondary" onPress={() => void loadMoreCalls()} isPending={history.loadingMore}>
                  Show more calls
                </Button>
              ) : null}
            </>
          )}
        </div>
      </section>
      <aside className={styles.aside} aria-label="Dialer">
        <DialerPanel />
      </aside>
    </div>
  );
}
