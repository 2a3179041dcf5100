import type { ObjectId } from 'mongodb';
import { DAY, SLOT, type Figures, type RollupDoc, type ScopeSums } from './rollup-repository.js';

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

function addInto(into: Figures, figures: Figures): void {
  for (const [key, value] of Object.entries(figures)) into[key] = (into[key] ?? 0) + value;
}

/** Each slot of the documents inside [from, to), as (slot number since 1970, figures). */
export function* slotsWithin(docs: RollupDoc[], from: number, to: number): Generator<[number, Figures]> {
  for (const doc of docs) {
    const first = doc.day.getTime() / SLOT;
    for (const [q, figures] of Object.entries(doc.slots ?? {})) {
      const slot = first + Number(q);
      if (slot * SLOT >= from && (slot + 1) * SLOT <= to) yield [slot, figures];
    }
  }
}

/** The UTC days a slot-aligned [from, to) covers whole, and the partly covered days at its ends. */
function splitDays(from: number, to: number): { whole: [Date, Date]; edges: Date[] } {
  const firstWhole = ceilTo(from, DAY);
  const lastWhole = floorTo(to, DAY);
  if (firstWhole >= lastWhole) {
    const edges = [floorTo(from, DAY), floorTo(to - 1, DAY)].filter((d, i, all) => all.indexOf(d) === i);
    return { whole: [new Date(firstWhole), new Date(firstWhole)], edges: edges.map((d) => new Date(d)) };
  }
  const edges: Date[] = [];
  if (from < firstWhole) edges.push(new Date(floorTo(from, DAY)));
  if (to > lastWhole) edges.push(new Date(lastWhole));
  return { whole: [new Date(firstWhole), new Date(lastWhole)], edges };
}

interface ScopeReads {
  /** Day totals summed per scope over whole days [fromDay, toDay). */
  totals(fromDay: Date, toDay: Date): Promise<ScopeSums[]>;
  /** The documents of these days, with their slots. */
  edges(days: Date[]): Promise<RollupDoc[]>;
  /** The scope a document belongs to. */
  scopeOf(doc: RollupDoc): ObjectId | null;
  /** Straight from the collections, for the parts of [from, to) that are not whole slots. */
  raw?(from: Date, to: Date): Promise<ScopeSums[]>;
}

/** Figures per scope over [from, to): whole days from their totals, edge days from their slots, slivers raw. */
export async function sumsOver(reads: ScopeReads, from: Date, to: Date): Promise<Map<string, Figures>> {
  const sums = new Map<string, Figures>();
  const into = (id: ObjectId | null, figures: Figures) => {
    const key = id?.toHexString() ?? '';
    const at = sums.get(key) ?? {};
    sums.set(key, at);
    addInto(at, figures);
  };
  const a = from.getTime();
  const b = to.getTime();
  const slotFrom = ceilTo(a, SLOT);
  const slotTo = floorTo(b, SLOT);
  const parts: Array<Promise<void>> = [];
  const rawPart = (x: number, y: number) => {
    if (x >= y) return;
    if (!reads.raw) throw new Error('a range that is not whole slots needs raw reads');
    parts.push(reads.raw(new Date(x), new Date(y)).then((rows) => rows.forEach((r) => into(r.id, r.figures))));
  };
  if (slotFrom >= slotTo) {
    rawPart(a, b);
  } else {
    rawPart(a, slotFrom);
    rawPart(slotTo, b);
    const { whole, edges } = splitDays(slotFrom, slotTo);
    parts.push(reads.totals(whole[0], whole[1]).then((rows) => rows.forEach((r) => into(r.id, r.figures))));
    parts.push(
      reads.edges(edges).then((docs) => {
        for (const doc of docs)
          for (const [, figures] of slotsWithin([doc], slotFrom, slotTo)) into(reads.scopeOf(doc), figures);
      }),
    );
  }
  await Promise.all(parts);
  return sums;
}
