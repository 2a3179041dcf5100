import { Download, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  ImportMapping,
  ImportMessages,
  type ImportField,
} from '../../../../shared/schemas/leads/import.js';
import { schemaError } from '../../../api/validate.js';
import { Button } from '../../../ui/Button.js';
import { Dialog } from '../../../ui/Dialog.js';
import { errorToast } from '../../../ui/toast.js';
import page from '../../../ui/Page.module.css';
import styles from '../../../ui/Leads.module.css';
import {
  guessField,
  hasRequiredColumns,
  initialChoices,
  previewCsv,
  type ColumnChoice,
  type CsvPreview,
} from './csv-header.js';
import { followImportProgress, resetImport, startImport, useLeadImport } from './store.js';
import { downloadRejectedRows } from './transport.js';

const FIELD_LABELS: Record<ColumnChoice, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  source: 'Source',
  leadType: 'Lead type',
  timeZone: 'Time zone',
  ignore: 'Ignore',
  details: 'Keep as details',
};

/** Owners and admins: upload a CSV, map its columns, watch the import live and download the rejected rows. */
export function ImportLeads({ campaignId, campaignName }: { campaignId: string; campaignName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => {
          resetImport();
          setOpen(true);
        }}
      >
        <Upload size={16} aria-hidden="true" /> Import Leads
      </Button>
      <Dialog title={`Import leads into ${campaignName}`} isOpen={open} onOpenChange={setOpen} wide>
        <ImportSteps campaignId={campaignId} campaignName={campaignName} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function ImportSteps({
  campaignId,
  campaignName,
  onDone,
}: {
  campaignId: string;
  campaignName: string;
  onDone: () => void;
}) {
  const { phase, error } = useLeadImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [problem, setProblem] = useState<string>();
  const fileId = useId();

  useEffect(() => followImportProgress(), []);

  async function choose(next: File | null) {
    setFile(next);
    setPreview(null);
    setProblem(undefined);
    resetImport();
    if (!next) return;
    if (next.size === 0) return setProblem(ImportMessages.empty);
    if (next.size > IMPORT_LIMITS.maxBytes) return setProblem(ImportMessages.tooLarge);
    const read = await previewCsv(next).catch(() => null);
    if (!read || read.columns.every((column) => !column)) return setProblem(ImportMessages.empty);
    setPreview(read);
    setChoices(initialChoices(read.columns));
  }

  function submit() {
    if (!file || !preview) return setProblem(ImportMessages.noFile);
    const chosen = choices.filter((choice) => choice !== 'details' && choice !== 'ignore');
    if (new Set(chosen).size !== chosen.length) return setProblem('Each lead field can be chosen for one column only.');
    if (!hasRequiredColumns(choices)) return setProblem(ImportMessages.missingColumns);
    // An unrecognised header left as a detail needs no entry; a recognised one kept as a detail does.
    const mapping: Record<string, ImportField> = {};
    preview.columns.forEach((column, i) => {
      if (choices[i] !== 'details' || guessField(column)) mapping[column] = choices[i];
    });
    const invalid = schemaError(ImportMapping, mapping);
    if (invalid) return setProblem(ImportMessages.badMapping);
    setProblem(undefined);
    void startImport(campaignId, file, mapping);
  }

  if (phase === 'running' || phase === 'finished')
    return <ImportProgress campaignName={campaignName} onDone={onDone} />;

  return (
    <div className={page.stack}>
      <div className={page.stack}>
        <label htmlFor={fileId} className={page.small}>
          <strong>CSV file</strong> (UTF-8, first row = column headers, up to 20 MB and 50,000 rows)
        </label>
        <input
          id={fileId}
          className={styles.fileInput}
          type="file"
          accept=".csv,.txt,text/csv"
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
        />
      </div>
      {preview ? (
        <div className={page.tableWrap}>
          <table className={[page.table, styles.mapping].join(' ')}>
            <caption className={[page.small, page.muted].join(' ')}>
              Match each column to a lead field. Other columns are kept with the lead as campaign details.
            </caption>
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">First row</th>
                <th scope="col">Use as</th>
              </tr>
            </thead>
            <tbody>
              {preview.columns.map((column, i) => {
                return (
                  <tr key={`${column}-${i}`}>
                    <th scope="row" className={styles.rowHead}>
                      {column || <em>(no header)</em>}
                    </th>
                    <td className={styles.sub}>{preview.sample[i] ?? ''}</td>
                    <td>
                      <select
                        className={styles.statusSelect}
                        aria-label={`Use column ${column} as`}
                        value={choices[i]}
                        onChange={(event) =>
                          setChoices((current) =>
                            current.map((choice, j) => (j === i ? (event.target.value as ColumnChoice) : choice)),
                          )
                        }
                      >
                        {IMPORT_FIELDS.map((option) => (
                          <option key={option} value={option}>
                            {FIELD_LABELS[option]}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {problem || error ? (
        <p className={page.error} role="alert">
          {problem ?? error}
        </p>
      ) : null}
      <div className={page.row}>
        <Button onPress={submit} isDisabled={!preview || phase === 'uploading'}>
          {phase === 'uploading' ? 'Uploading...' : 'Import leads'}
        </Button>
        <Button variant="ghost" onPress={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function ImportProgress({ campaignName, onDone }: { campaignName: string; onDone: () => void }) {
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
