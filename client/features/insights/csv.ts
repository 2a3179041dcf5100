/**
 * The CSV of a chart's table, built in the browser from the figures on screen. A spreadsheet runs a cell starting
 * with = + - @ (or a tab or carriage return) as a formula, and campaign or member names are typed by people, so such
 * cells get a leading quote, as the server's exports do (server/platform/csv.ts).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
