import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadFile } from '../../api/download.js';
import { Button } from '../../ui/Button.js';

/** The whole waitlist as a CSV file (the filters do not apply). */
export function ExportWaitlistButton() {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile('/api/admin/waitlist/export.csv', 'waitlist.csv', { failureTitle: 'Export failed' });
    } catch {
      // downloadFile showed why.
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting}>
      <Download size={16} aria-hidden="true" /> {exporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
