import { Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  IMPORT_LIMITS,
  ImportMapping,
  ImportMessages,
  type ImportField,
} from '../../../../shared/schemas/leads/import.js';
import { schemaError } from '../../../api/validate.js';
import { Button } from '../../../ui/Button.js';
import { Dialog } from '../../../ui/Dialog.js';
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
import { ColumnMapping } from './ColumnMapping.js';
import { ImportProgress } from './ImportProgress.js';

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

/** Choosing the file and mapping its columns; once the import runs, its progress. */
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
        <ColumnMapping
          preview={preview}
          choices={choices}
          onChoose={(column, choice) =>
            setChoices((current) => current.map((chosen, j) => (j === column ? choice : chosen)))
          }
        />
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
