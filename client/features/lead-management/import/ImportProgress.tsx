import { Download } from 'lucide-react';
import { ImportMessages } from '../../../../shared/schemas/leads/import.js';
import { Button } from '../../../ui/Button.js';
import { errorToast } from '../../../ui/toast.js';
import page from '../../../ui/Page.module.css';
import styles from '../../../ui/Leads.module.css';
import { useLeadImport } from './store.js';
import { downloadRejectedRows } from './transport.js';

/** The running or finished import: its progress bar and counts, why rows were skipped, and the rejected rows. */
export function ImportProgress({ campaignName, onDone }: { campaignName: string; onDone: () => void }) {
  const { progress, importId, phase } = useLeadImport();
  const total = progress?.totalRows ?? 0;
  const read = progress?.rowsRead ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((read / total) * 100)) : phase === 'finished' ? 100 : 0;
  const reasons = Object.entries(progress?.reasons ?? {}).filter(([, count]) => count > 0);
  const failed = progress?.status === 'failed';
  const done = progress?.status === 'completed';

  return (
    <div className={page.stack} data-testid="import-progress">
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${read} of ${total} rows read`}
      >
        <div
          className={[styles.progressFill, failed ? styles.band0 : styles.band4].join(' ')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className={styles.counts} aria-live="polite">
        <span>
          Rows read: <strong>{read}</strong>
          {total ? ` of ${total}` : ''}
        </span>
        <span>
          Imported: <strong>{progress?.imported ?? 0}</strong>
        </span>
        <span>
          Skipped: <strong>{progress?.skipped ?? 0}</strong>
        </span>
      </div>
      {reasons.length ? (
        <ul className={page.small} aria-label="Skipped rows by reason">
          {reasons.map(([reason, count]) => (
            <li key={reason}>
              {reason}: {count}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className={failed ? page.error : undefined}>
        {failed
          ? (progress?.error ?? ImportMessages.failed)
          : done
            ? `${ImportMessages.finishedTitle}: ${ImportMessages.finished(progress.imported, progress.skipped, campaignName)}`
            : 'Importing...'}
      </p>
      <div className={page.row}>
        {done && progress.skipped > 0 && importId ? (
          <Button
            variant="secondary"
            onPress={() =>
              void downloadRejectedRows(importId, `rejected-${progress.fileName}`).catch((error: unknown) =>
                errorToast('Download failed', error instanceof Error ? error.message : undefined),
              )
            }
          >
            <Download size={16} aria-hidden="true" /> Download rejected rows
          </Button>
        ) : null}
        <Button variant={done || failed ? 'primary' : 'ghost'} onPress={onDone}>
          {done || failed ? 'Done' : 'Close (the import continues)'}
        </Button>
      </div>
    </div>
  );
}
