import { slotPlace } from './period.js';
import { SLOT, type RollupDoc } from './rollup-repository.js';

const SLOTS_PER_DAY = 96;

/** The bits of a 96-slot mask (slot 0 is the highest bit, as rollup-repository writes them) for slots [from, to). */
const rangeMask = (from: number, to: number) => ((1n << BigInt(to - from)) - 1n) << BigInt(SLOTS_PER_DAY - to);

/**
 * A UTC day's slots within [windowFrom, windowTo) (slot numbers since 1970), cut where the local date in `tz` changes:
 * a local date only moves forward through a day, so its changes are found by bisection instead of slot by slot.
 */
function localDaysOf(
  dayStart: number,
  windowFrom: number,
  windowTo: number,
  tz: string,
): Array<{ label: string; mask: bigint }> {
  const first = Math.max(0, windowFrom - dayStart);
  const end = Math.min(SLOTS_PER_DAY, windowTo - dayStart);
  const days: Array<{ label: string; mask: bigint }> = [];
  let from = first;
  while (from < end) {
    const label = slotPlace(dayStart + from, 'day', tz).label;
    let lo = from;
    let hi = end;
    // The last slot with this label is in [lo, hi).
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (slotPlace(dayStart + mid, 'day', tz).label === label) lo = mid;
      else hi = mid;
    }
    days.push({ label, mask: rangeMask(from, lo + 1) });
    from = lo + 1;
  }
  return days;
}

/** Agents active per local day in `tz`, within [from, to): from the rollups' per-agent slot masks. */
export function activeAgentsPerDay(docs: RollupDoc[], from: Date, to: Date, tz: string): Map<string, Set<string>> {
  const perDay = new Map<string, Set<string>>();
  const windowFrom = from.getTime() / SLOT;
  const windowTo = to.getTime() / SLOT;
  for (const doc of docs) {
    const days = localDaysOf(doc.day.getTime() / SLOT, windowFrom, windowTo, tz);
    if (days.length === 0) continue;
    for (const [agentId, hex] of Object.entries(doc.active ?? {})) {
      const mask = BigInt(`0x${hex}`);
      for (const { label, mask: day } of days) {
        if ((mask & day) === 0n) continue;
        const agents = perDay.get(label) ?? new Set<string>();
        agents.add(agentId);
        perDay.set(label, agents);
      }
    }
  }
  return perDay;
}
