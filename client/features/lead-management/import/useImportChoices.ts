import { useState } from 'react';
import {
  IMPORT_LIMITS,
  ImportMapping,
  ImportMessages,
  type ImportField,
} from '../../../../shared/schemas/leads/import.js';
import { schemaError } from '../../../api/validate.js';
import {
  guessField,
  hasRequiredColumns,
  initialChoices,
  previewCsv,
  type ColumnChoice,
  type CsvPreview,
} from './csv-header.js';
import { resetImport, startImport } from './store.js';

/**
 * The import's first step: the chosen file read up to its header row (`preview`), a lead field (or detail, or
 * nothing) chosen per column, what is wrong with either (`problem`), and `submit`, which starts the import once the
 * mapping is one the server takes.
 */
export function useImportChoices(campaignId: string) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [problem, setProblem] = useState<string>();

  const chooseColumn = (column: number, choice: ColumnChoice) =>
    setChoices((current) => current.map((chosen, j) => (j === column ? choice : chosen)));

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

  return { preview, choices, chooseColumn, problem, choose, submit };
}
