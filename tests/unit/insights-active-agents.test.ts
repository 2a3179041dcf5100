import { describe, expect, it } from 'vitest';
import { activeAgentsPerDay } from '../../server/features/insights/active-agents.js';
import type { RollupDoc } from '../../server/features/insights/rollup-repository.js';

/** A 96-slot mask as the rollups store it: slot 0 is the first hex digit's highest bit. */
function maskOf(...slots: number[]): string {
  const bits = new Array<number>(96).fill(0);
  for (const slot of slots) bits[slot] = 1;
  let hex = '';
  for (let i = 0; i < 96; i += 4) hex += (bits[i] * 8 + bits[i + 1] * 4 + bits[i + 2] * 2 + bits[i + 3]).toString(16);
  return hex;
}

const dayDoc = (day: string, active: Record<string, string>): RollupDoc => ({
  _id: `all:${day}`,
  userId: null,
  campaignId: null,
  day: new Date(`${day}T00:00:00Z`),
  totals: {},
  slots: {},
  active,
});
const asArrays = (perDay: Map<string, Set<string>>) =>
  Object.fromEntries([...perDay].map(([day, agents]) => [day, [...agents].sort()]));

describe('agents active per local day', () => {
  // New York moves to daylight time at 07:00Z on Sunday, Mar 8 2026 (UTC-5 before, UTC-4 after).
  const docs = [
    dayDoc('2026-03-08', { ann: maskOf(4), bob: maskOf(40) }), // 01:00Z = Mar 7 20:00 EST; 10:00Z = Mar 8 06:00 EDT
    dayDoc('2026-03-09', { ann: maskOf(8, 90), cy: maskOf(15) }), // 02:00Z = Mar 8 22:00; 22:30Z = Mar 9; 03:45Z = Mar 8 23:45
  ];

  it('cuts each UTC day where the local date changes, across a daylight-saving change', () => {
    const perDay = activeAgentsPerDay(
      docs,
      new Date('2026-03-07T05:00:00Z'),
      new Date('2026-03-10T04:00:00Z'),
      'America/New_York',
    );
    expect(asArrays(perDay)).toEqual({
      '2026-03-07': ['ann'],
      '2026-03-08': ['ann', 'bob', 'cy'],
      '2026-03-09': ['ann'],
    });
  });

  it('leaves out the slots outside the window', () => {
    const perDay = activeAgentsPerDay(
      docs,
      new Date('2026-03-08T05:00:00Z'),
      new Date('2026-03-09T04:00:00Z'),
      'America/New_York',
    );
    expect(asArrays(perDay)).toEqual({ '2026-03-08': ['ann', 'bob', 'cy'] });
  });

  it('counts in UTC when asked', () => {
    expect(
      asArrays(activeAgentsPerDay(docs, new Date('2026-03-08T00:00:00Z'), new Date('2026-03-10T00:00:00Z'), 'UTC')),
    ).toEqual({ '2026-03-08': ['ann', 'bob'], '2026-03-09': ['ann', 'cy'] });
  });
});
