import { describe, expect, it } from 'vitest';
import { isoTime } from '../../server/platform/iso-time.js';

const YEAR_10000 = Date.UTC(10000, 0, 1);

describe('isoTime', () => {
  it('writes what toISOString writes, for random instants from 1970 to 9999', () => {
    for (let i = 0; i < 20_000; i++) {
      const date = new Date(Math.floor(Math.random() * YEAR_10000));
      expect(isoTime(date)).toBe(date.toISOString());
    }
  });

  it('on the edges: leap days, century years, the ends of a day, of a year and of the range', () => {
    const instants = [
      0,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(2000, 2, 1),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      Date.UTC(2025, 0, 1),
      Date.UTC(2026, 10, 28, 17, 3, 4, 5),
      YEAR_10000 - 1,
    ];
    for (const ms of instants) expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it('leaves other dates to toISOString: before 1970, from year 10000, invalid', () => {
    for (const ms of [-1, Date.UTC(1969, 6, 20, 20, 17), Date.UTC(-50, 0, 1), YEAR_10000, YEAR_10000 + 1]) {
      expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
    }
    expect(() => isoTime(new Date(NaN))).toThrow(RangeError);
  });
});
