import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv } from '../../client/features/insights/csv.js';
import { bucketLabel } from '../../client/features/insights/format.js';
import { bucketLabels, midnightIn, resolveRange } from '../../server/features/insights/period.js';

describe('insights CSV (client)', () => {
  it('neutralises cells a spreadsheet would run as formulas, like the server exports', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(neutraliseFormula('Hotel = fun')).toBe('Hotel = fun');
  });

  it('quotes commas, quotes and line breaks, keeps numbers as numbers, CRLF lines', () => {
    expect(
      toCsv(
        ['Campaign', 'Deals'],
        [
          ['=HYPERLINK("x")', -3],
          ['Hotel, Spa', 2],
        ],
      ),
    ).toBe('Campaign,Deals\r\n"\'=HYPERLINK(""x"")",-3\r\n"Hotel, Spa",2\r\n');
  });
});

describe('insights periods (server)', () => {
  const now = new Date('2026-03-12T02:00:00Z'); // Thursday 12th in UTC, still Wednesday 11th in New York

  it('counts days in the viewer zone, across a DST change', () => {
    expect(midnightIn({ y: 2026, m: 3, d: 8 }, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(midnightIn({ y: 2026, m: 3, d: 9 }, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(midnightIn({ y: 2026, m: 3, d: 9 }, 'Asia/Kolkata').toISOString()).toBe('2026-03-08T18:30:00.000Z');
  });

  it('resolves the named periods ending today in the viewer zone', () => {
    expect(resolveRange({ period: 'this-week', tz: 'America/New_York' }, now).range).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-11',
      bucket: 'day',
    });
    expect(resolveRange({ period: 'this-week', tz: 'UTC' }, now).range).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-12',
    });
    expect(resolveRange({ period: 'last-4-weeks' }, now).range).toMatchObject({ from: '2026-02-13', to: '2026-03-12' });
    expect(resolveRange({ period: 'this-month' }, now).range).toMatchObject({ from: '2026-03-01', to: '2026-03-12' });
    expect(resolveRange({ period: 'last-3-months' }, new Date('2026-01-20T00:00:00Z')).range).toMatchObject({
      from: '2025-11-01',
      to: '2026-01-20',
      bucket: 'week',
    });
  });

  it('labels weeks by their Monday and months by year-month', () => {
    expect(bucketLabels({ y: 2026, m: 3, d: 4 }, { y: 2026, m: 3, d: 16 }, 'week')).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(bucketLabels({ y: 2025, m: 11, d: 20 }, { y: 2026, m: 2, d: 1 }, 'month')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(bucketLabel('2026-03-09', 'week')).toBe('Week of Mar 9');
    expect(bucketLabel('2026-03', 'month')).toBe('Mar 2026');
  });
});
