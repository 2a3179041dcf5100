import type { ImportField } from '../../../../shared/schemas/leads/import.js';
import { guessField } from '../../../../shared/schemas/leads/column-guesses.js';

/** Enough of the file for the header row and a sample row, without reading a 20 MB file into memory. */
const PEEK_BYTES = 128 * 1024;

/**
 * The first records of a CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF), read in the browser so the
 * importer can map columns before uploading. A record cut off by the peek window is dropped.
 */
export function parseRecords(text: string, limit: number): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length && records.length < limit; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (records.length < limit && !quoted && (field !== '' || record.length)) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export interface CsvPreview {
  columns: string[];
  sample: string[];
}

export async function previewCsv(file: File): Promise<CsvPreview> {
  const text = await file.slice(0, PEEK_BYTES).text();
  const [columns = [], sample = []] = parseRecords(text, 2);
  return { columns: columns.map((column) => column.trim()), sample };
}

export { guessField };

/** `details`: the column is kept in the lead's details under its header (sent explicitly in the mapping). */
export type ColumnChoice = ImportField;

/** The first guess of each field wins, as on the server; a later column with the same guess stays a detail. */
export function initialChoices(columns: string[]): ColumnChoice[] {
  const taken = new Set<ImportField>();
  return columns.map((column) => {
    const guess = guessField(column);
    if (!guess || taken.has(guess)) return 'details';
    taken.add(guess);
    return guess;
  });
}

/** What the server would refuse before reading a row ("The file needs a name column and a phone or e-mail column."). */
export function hasRequiredColumns(choices: ColumnChoice[]): boolean {
  const has = (field: ColumnChoice) => choices.includes(field);
  return (has('name') || has('firstName') || has('lastName')) && (has('phone') || has('email'));
}
