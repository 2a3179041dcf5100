import { Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { Dialog } from '../../../ui/Dialog.js';
import page from '../../../ui/Page.module.css';
import styles from '../../../ui/Leads.module.css';
import { followImportProgress, resetImport, useLeadImport } from './store.js';
import { useImportChoices } from './useImportChoices.js';
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
  const { preview, choices, chooseColumn, problem, choose, submit } = useImportChoices(campaignId);
  const fileId = useId();

  useEffect(() => followImportProgress(), []);

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
      {preview ? <ColumnMapping preview={preview} choices={choices} onChoose={chooseColumn} /> : null}
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
