import { csvRows } from '../../../shared/csv.js';

export { neutraliseFormula } from '../../../shared/csv.js';

/**
 * The CSV of a chart's table, built in the browser from the figures on screen by the writer the server's exports use:
 * campaign and member names are typed by people, so cells a spreadsheet would run as formulas are neutralised.
 */
export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  return csvRows([header, ...rows]);
}
