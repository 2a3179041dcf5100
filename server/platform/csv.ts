import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * A spreadsheet runs a cell starting with = + - @ as a formula (and some strip a leading tab or carriage return
 * first), so text a stranger typed could fetch URLs or run commands on the reader's machine. The leading quote makes
 * it plain text everywhere and stays visible, so nothing is silently changed. Numbers, booleans and dates are ours,
 * never typed text, and stay as they are.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const OPTIONS = {
  record_delimiter: 'windows' as const,
  // With a \r\n record delimiter csv-stringify quotes only fields holding the whole pair: a lone \r or \n must be
  // quoted too, or a spreadsheet starts a new row there.
  quoted_match: /[\r\n]/,
  cast: {
    string: neutraliseFormula,
    boolean: (value: boolean) => String(value),
    date: (value: Date) => value.toISOString(),
  },
};

/** Every CSV the server exports is written here: RFC 4180 quoting, CRLF lines, formulas neutralised. */
export function csvRows(rows: CsvValue[][]): string {
  return rows.length ? stringify(rows, OPTIONS) : '';
}

export function csvRow(values: CsvValue[]): string {
  return csvRows([values]);
}
