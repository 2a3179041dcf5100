import { describe, expect, it } from 'vitest';
import {
  commissionLines,
  dollarsToCents,
  earningWindows,
  holdUntil,
  isPastHold,
  percentOfCents,
  reverseDeal,
  summarizeEarnings,
  type CommissionPercents,
  type LedgerLine,
} from '../../server/features/commissions/math.js';
import { uplineChain } from '../../server/features/users/tree.js';

const HOTEL: CommissionPercents = {
  opener: 10,
  closer: 15,
  fullStack: 30,
  override: { level1: 5, level2: 2.5, level3: 1 },
};
const chain: Record<string, string> = { closer: 'c1', c1: 'c2', c2: 'c3', c3: 'c4', opener: 'o1', o1: 'o2' };
const uplinesOf = (id: string) => uplineChain(id, (x) => chain[x]);

describe('percentOfCents', () => {
  it('rounds half away from zero to a whole cent', () => {
    expect(percentOfCents(1_000, 2.5)).toBe(25);
    expect(percentOfCents(123_456, 30)).toBe(37_037); // 37036.8
    expect(percentOfCents(37_037, 2.5)).toBe(926); // 925.925
    expect(percentOfCents(37_037, 1)).toBe(370); // 370.37
    expect(percentOfCents(50, 1)).toBe(1); // 0.5 -> 1
    expect(percentOfCents(49, 1)).toBe(0); // 0.49 -> 0
    expect(percentOfCents(-50, 1)).toBe(-1);
  });

  it('is exact for large amounts and fractional percentages', () => {
    expect(percentOfCents(9_007_199_254_740, 33.3333)).toBe(3_002_396_749_180); // 3002396749180.2485;
    expect(percentOfCents(10_000, 0.125)).toBe(13); // 12.5 -> 13
  });
});

describe('dollarsToCents', () => {
  it('converts typed dollars without float drift', () => {
    expect(dollarsToCents(1234.56)).toBe(123_456);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(19.999)).toBe(2_000);
    expect(dollarsToCents(500)).toBe(50_000);
  });
});

describe('commissionLines', () => {
  it('splits a deal between opener and closer and pays each one three levels of overrides', () => {
    const lines = commissionLines({
      value: 100_000,
      percents: HOTEL,
      openerId: 'opener',
      closerId: 'closer',
      uplinesOf,
    });
    expect(lines.map((l) => [l.userId, l.kind, l.level, l.amount, l.sourceUserId])).toEqual([
      ['opener', 'opener', 0, 10_000, 'opener'],
      ['o1', 'override', 1, 500, 'opener'],
      ['o2', 'override', 2, 250, 'opener'],
      ['closer', 'closer', 0, 15_000, 'closer'],
      ['c1', 'override', 1, 750, 'closer'],
      ['c2', 'override', 2, 375, 'closer'],
      ['c3', 'override', 3, 150, 'closer'],
    ]);
    // Level 4 (c4) earns nothing.
    expect(lines.some((l) => l.userId === 'c4')).toBe(false);
  });

  it('pays one full-stack line when the opener also closed', () => {
    const lines = commissionLines({
      value: 123_456,
      percents: HOTEL,
      openerId: 'closer',
      closerId: 'closer',
      uplinesOf,
    });
    expect(lines.map((l) => [l.userId, l.kind, l.level, l.amount, l.basis, l.percent])).toEqual([
      ['closer', 'fullStack', 0, 37_037, 123_456, 30],
      ['c1', 'override', 1, 1_852, 37_037, 5],
      ['c2', 'override', 2, 926, 37_037, 2.5],
      ['c3', 'override', 3, 370, 37_037, 1],
    ]);
  });

  it('follows a campaign with custom percentages and leaves out zero-cent lines', () => {
    const custom: CommissionPercents = {
      opener: 25,
      closer: 0,
      fullStack: 25,
      override: { level1: 10, level2: 0, level3: 3 },
    };
    const lines = commissionLines({
      value: 20_000,
      percents: custom,
      openerId: 'opener',
      closerId: 'closer',
      uplinesOf,
    });
    expect(lines.map((l) => [l.userId, l.kind, l.level, l.amount])).toEqual([
      ['opener', 'opener', 0, 5_000],
      ['o1', 'override', 1, 500],
    ]);
  });

  it('lets one upline earn the same level on both earners, as separate lines by source', () => {
    const shared: Record<string, string> = { a: 'boss', b: 'boss' };
    const lines = commissionLines({
      value: 10_000,
      percents: HOTEL,
      openerId: 'a',
      closerId: 'b',
      uplinesOf: (id) => uplineChain(id, (x) => shared[x]),
    });
    expect(lines.filter((l) => l.userId === 'boss').map((l) => [l.level, l.amount, l.sourceUserId])).toEqual([
      [1, 50, 'a'],
      [1, 75, 'b'],
    ]);
  });

  it('refuses values that are not positive whole cents', () => {
    expect(() => commissionLines({ value: 10.5, percents: HOTEL, openerId: 'a', closerId: 'a', uplinesOf })).toThrow();
    expect(() => commissionLines({ value: 0, percents: HOTEL, openerId: 'a', closerId: 'a', uplinesOf })).toThrow();
  });
});

describe('uplineChain', () => {
  it('stops at three levels, at a missing link and at a cycle', () => {
    expect(uplineChain('closer', (x) => chain[x])).toEqual(['c1', 'c2', 'c3']);
    expect(uplineChain('opener', (x) => chain[x])).toEqual(['o1', 'o2']);
    const loop: Record<string, string> = { a: 'b', b: 'c', c: 'a' };
    expect(uplineChain('a', (x) => loop[x], 10)).toEqual(['b', 'c']);
    expect(uplineChain('self', () => 'self')).toEqual([]);
  });
});

describe('hold window', () => {
  it('keeps a line pending until the campaign hold days have passed', () => {
    const closedAt = new Date('2026-03-01T10:00:00Z');
    const until = holdUntil(closedAt, 14);
    expect(until.toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(isPastHold({ status: 'pending', holdUntil: until }, new Date('2026-03-15T09:59:59Z'))).toBe(false);
    expect(isPastHold({ status: 'pending', holdUntil: until }, new Date('2026-03-15T10:00:00Z'))).toBe(true);
    expect(isPastHold({ status: 'paid', holdUntil: until }, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(holdUntil(closedAt, 0).getTime()).toBe(closedAt.getTime());
  });
});

describe('reverseDeal (clawbacks)', () => {
  const line = (
    id: string,
    status: LedgerLine['status'],
    amount: number,
    kind: LedgerLine['kind'] = 'fullStack',
    level = 0,
  ): LedgerLine => ({
    id,
    userId: `u${id}`,
    kind,
    level,
    amount,
    status,
    sourceUserId: 'u1',
  });

  it('voids unpaid lines and claws back exactly what was paid', () => {
    const result = reverseDeal([
      line('1', 'paid', 37_037),
      line('2', 'paid', 1_852, 'override', 1),
      line('3', 'approved', 926, 'override', 2),
      line('4', 'pending', 370, 'override', 3),
      line('5', 'void', 10),
    ]);
    expect(result.voidIds).toEqual(['3', '4']);
    expect(result.clawbacks.map((c) => [c.userId, c.amount, c.level, c.reverses])).toEqual([
      ['u1', -37_037, 0, { lineId: '1', kind: 'fullStack' }],
      ['u2', -1_852, 1, { lineId: '2', kind: 'override' }],
    ]);
  });

  it('never claws back a clawback', () => {
    expect(reverseDeal([line('9', 'approved', -100, 'clawback')])).toEqual({ voidIds: [], clawbacks: [] });
  });
});

describe('summarizeEarnings', () => {
  it('sums by UTC day, ISO week, month and status, without void lines', () => {
    const now = new Date('2026-03-18T15:00:00Z'); // a Wednesday
    expect(earningWindows(now).weekStart.toISOString()).toBe('2026-03-16T00:00:00.000Z');
    const lines = [
      { amount: 1_000, status: 'pending' as const, createdAt: new Date('2026-03-18T01:00:00Z') },
      { amount: 2_000, status: 'approved' as const, createdAt: new Date('2026-03-16T00:00:00Z') },
      { amount: 4_000, status: 'paid' as const, createdAt: new Date('2026-03-02T00:00:00Z') },
      { amount: -500, status: 'approved' as const, createdAt: new Date('2026-03-17T00:00:00Z') },
      { amount: 8_000, status: 'paid' as const, createdAt: new Date('2026-02-27T00:00:00Z') },
      { amount: 9_999, status: 'void' as const, createdAt: new Date('2026-03-18T02:00:00Z') },
    ];
    expect(summarizeEarnings(lines, now)).toEqual({
      daily: 1_000,
      weekly: 2_500,
      monthly: 6_500,
      total: 14_500,
      pending: 1_000,
      approved: 1_500,
      paid: 12_000,
    });
  });
});
