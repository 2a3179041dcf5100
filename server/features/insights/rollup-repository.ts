import type { Db, Document, ObjectId } from 'mongodb';
import { readOnlyLedger } from '../commissions/public.js';
import { readOnlyCalls } from '../dialer/public.js';
import { readOnlyDeals } from '../deals/public.js';
import { isDuplicateKey } from '../../platform/db-errors.js';
import { slotExpr } from './period.js';
import { replaceDocuments } from '../../platform/replace-documents.js';

/**
 * Summed figures (cents, counts, seconds). User scopes: own, l1-l3, claw, total, pending, approved, paid (the ledger),
 * o<userId> (override lines earned on that source), dials, connects, talk, deals. Campaign scopes: calls, deals,
 * revenue, cost.
 */
export type Figures = Record<string, number>;

/**
 * One UTC day of one scope: a user in one campaign (`campaignId`) or in all (`campaignId: null`), a campaign
 * (`userId: null`), or everything (both null). `slots` holds the figures per 15-minute slot of the day (0-95, only
 * slots with something in them), so any time zone's local days and hours are sums of whole slots; `totals` is the
 * sum of the slots, read for the days a period covers completely. Campaign scopes carry `active`: per agent, the
 * slots they called or closed in, as a 96-bit mask in hex (agents active per local day).
 */
export interface RollupDoc {
  _id: string;
  userId: ObjectId | null;
  campaignId: ObjectId | null;
  day: Date;
  totals: Figures;
  slots: Record<string, Figures>;
  active?: Record<string, string>;
}

export const DAY = 86_400_000;
export const SLOT = 15 * 60_000;
const SLOTS_PER_DAY = DAY / SLOT;

export const rollupsCollection = (db: Db) => db.collection<RollupDoc>('insight_rollups');

/**
 * The day totals of one UTC week (from Monday) summed, for the scopes long periods sum over many members or campaigns
 * of: a user in all campaigns, a campaign, everything. A period's whole weeks are read from these, its other whole
 * days from the day documents: a 3-month team read takes ~13 documents per member instead of ~90.
 */
interface WeekTotalsDoc {
  _id: string;
  userId: ObjectId | null;
  campaignId: ObjectId | null;
  week: Date;
  totals: Figures;
}

const weekTotalsCollection = (db: Db) => db.collection<WeekTotalsDoc>('insight_week_totals');

export async function ensureRollupIndexes(db: Db): Promise<void> {
  await rollupsCollection(db).createIndex({ userId: 1, campaignId: 1, day: 1 });
  await rollupsCollection(db).createIndex({ campaignId: 1, userId: 1, day: 1 });
  await weekTotalsCollection(db).createIndex({ userId: 1, campaignId: 1, week: 1 });
  await weekTotalsCollection(db).createIndex({ campaignId: 1, userId: 1, week: 1 });
}

const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday: Mondays are 4 days after a multiple of 7 days. */
const MONDAY_OFFSET = 4 * DAY;

/** The Monday (00:00 UTC) of the week `ms` falls in. */
export const weekOf = (ms: number) => Math.floor((ms - MONDAY_OFFSET) / WEEK) * WEEK + MONDAY_OFFSET;

/** The scopes that have week totals: a user in all campaigns, a campaign, everything (not a user in one campaign). */
const weekScoped = { $or: [{ campaignId: null }, { userId: null }] };

/**
 * Recomputes the week totals of the week starting `week` from its day documents. Called after a day of that week was
 * rolled up, by one process at a time per week (the caller's guard), so the last one read every day as written.
 */
export async function rollUpWeek(db: Db, week: Date): Promise<void> {
  const days = await rollupsCollection(db)
    .find(
      { day: { $gte: week, $lt: new Date(week.getTime() + WEEK) }, ...weekScoped },
      { projection: { userId: 1, campaignId: 1, totals: 1 } },
    )
    .toArray();
  const weeks = new Map<string, WeekTotalsDoc>();
  for (const day of days) {
    const id = `${scopeKey(day.userId, day.campaignId)}:${new Date(week).toISOString().slice(0, 10)}`;
    const doc = weeks.get(id) ?? { _id: id, userId: day.userId, campaignId: day.campaignId, week, totals: {} };
    weeks.set(id, doc);
    for (const [key, value] of Object.entries(day.totals ?? {})) doc.totals[key] = (doc.totals[key] ?? 0) + value;
  }
  const docs = [...weeks.values()];
  await replaceDocuments(weekTotalsCollection(db), docs, { week });
}

const scopeKey = (userId: ObjectId | null, campaignId: ObjectId | null) =>
  `${userId ? `u${userId.toHexString()}` : ''}${campaignId ? `c${campaignId.toHexString()}` : ''}` || 'all';

interface Builder {
  docs: Map<string, RollupDoc>;
  masks: Map<string, Map<string, boolean[]>>;
}

function docOf(
  b: Builder,
  userId: ObjectId | null,
  campaignId: ObjectId | null,
  slot: number,
): { doc: RollupDoc; q: string } {
  const dayStart = Math.floor((slot * SLOT) / DAY) * DAY;
  const id = `${scopeKey(userId, campaignId)}:${new Date(dayStart).toISOString().slice(0, 10)}`;
  let doc = b.docs.get(id);
  if (!doc) {
    doc = { _id: id, userId, campaignId, day: new Date(dayStart), totals: {}, slots: {} };
    b.docs.set(id, doc);
  }
  return { doc, q: String(slot - dayStart / SLOT) };
}

function add(b: Builder, scopes: Array<[ObjectId | null, ObjectId | null]>, slot: number, figures: Figures): void {
  for (const [userId, campaignId] of scopes) {
    const { doc, q } = docOf(b, userId, campaignId, slot);
    const at = (doc.slots[q] ??= {});
    for (const [key, value] of Object.entries(figures)) {
      if (value === 0) continue;
      at[key] = (at[key] ?? 0) + value;
      doc.totals[key] = (doc.totals[key] ?? 0) + value;
    }
  }
}

function markActive(b: Builder, campaignId: ObjectId | null, agentId: ObjectId, slot: number): void {
  const { doc, q } = docOf(b, null, campaignId, slot);
  const agents = b.masks.get(doc._id) ?? new Map<string, boolean[]>();
  b.masks.set(doc._id, agents);
  const mask = agents.get(agentId.toHexString()) ?? new Array<boolean>(SLOTS_PER_DAY).fill(false);
  agents.set(agentId.toHexString(), mask);
  mask[Number(q)] = true;
}

function maskToHex(mask: boolean[]): string {
  let hex = '';
  for (let i = 0; i < mask.length; i += 4)
    hex += ((mask[i] ? 8 : 0) | (mask[i + 1] ? 4 : 0) | (mask[i + 2] ? 2 : 0) | (mask[i + 3] ? 1 : 0)).toString(16);
  return hex;
}

const OWN_KINDS = new Set(['opener', 'closer', 'fullStack']);

/** A ledger line's figures: kind and level, status, and (override levels) the source it was earned on. */
function lineFigures(kind: string, level: number, status: string, source: ObjectId, amount: number): Figures {
  const figures: Figures = { total: amount, [status]: amount };
  if (OWN_KINDS.has(kind)) figures.own = amount;
  else if (kind === 'override') figures[`l${level}`] = amount;
  else if (kind === 'clawback') figures.claw = amount;
  if (level >= 1) figures[`o${source.toHexString()}`] = amount;
  return figures;
}

const connected = { $ne: [{ $ifNull: ['$connectedAt', null] }, null] };

/**
 * Recomputes every rollup of the UTC days in [from, to) from the ledger, the calls and the deals, and replaces the
 * stored ones (days left with nothing lose their documents). Grouping is by plain keys, and figures are classified
 * here: the embedded server's conditional expressions cost far more per document than a group key does.
 */
export async function rollUp(db: Db, from: Date, to: Date): Promise<number> {
  const range = { $gte: from, $lt: to };
  const [lines, calls, deals] = await Promise.all([
    readOnlyLedger(db)
      .aggregate<{
        _id: { u: ObjectId; c: ObjectId; s: number; k: string; l: number; st: string; src: ObjectId };
        amount: number;
      }>([
        { $match: { createdAt: range, status: { $ne: 'void' } } },
        {
          $group: {
            _id: {
              u: '$userId',
              c: '$campaignId',
              s: slotExpr('$createdAt'),
              k: '$kind',
              l: '$level',
              st: '$status',
              src: '$sourceUserId',
            },
            amount: { $sum: '$amount' },
          },
        },
      ])
      .toArray(),
    readOnlyCalls(db)
      .aggregate<{ _id: { u: ObjectId; c: ObjectId | null; s: number; on: boolean }; n: number; talk: number }>([
        { $match: { startedAt: range } },
        {
          $group: {
            _id: { u: '$agentId', c: { $ifNull: ['$campaignId', null] }, s: slotExpr('$startedAt'), on: connected },
            n: { $sum: 1 },
            talk: { $sum: { $ifNull: ['$duration', 0] } },
          },
        },
      ])
      .toArray(),
    readOnlyDeals(db)
      .find(
        { status: 'closed', closedAt: range },
        { projection: { campaignId: 1, closerId: 1, openerId: 1, closedAt: 1, value: 1 } },
      )
      .toArray(),
  ]);
  const b: Builder = { docs: new Map(), masks: new Map() };
  for (const { _id: g, amount } of lines) {
    const figures = lineFigures(g.k, g.l, g.st, g.src, amount);
    add(
      b,
      [
        [g.u, g.c],
        [g.u, null],
      ],
      g.s,
      figures,
    );
    add(b, [[null, g.c]], g.s, { cost: amount });
  }
  for (const { _id: g, n, talk } of calls) {
    const figures = { dials: n, connects: g.on ? n : 0, talk };
    add(
      b,
      g.c
        ? [
            [g.u, g.c],
            [g.u, null],
          ]
        : [[g.u, null]],
      g.s,
      figures,
    );
    markActive(b, null, g.u, g.s);
    if (!g.c) continue;
    add(b, [[null, g.c]], g.s, { calls: n });
    markActive(b, g.c, g.u, g.s);
  }
  for (const deal of deals) {
    const slot = Math.floor(deal.closedAt.getTime() / SLOT);
    const people = deal.openerId.equals(deal.closerId) ? [deal.closerId] : [deal.closerId, deal.openerId];
    for (const person of people)
      add(
        b,
        [
          [person, deal.campaignId],
          [person, null],
        ],
        slot,
        { deals: 1 },
      );
    add(b, [[null, deal.campaignId]], slot, { deals: 1, revenue: deal.value });
    markActive(b, deal.campaignId, deal.closerId, slot);
    markActive(b, null, deal.closerId, slot);
  }
  for (const [id, agents] of b.masks) {
    const doc = b.docs.get(id)!;
    doc.active = Object.fromEntries([...agents].map(([agent, mask]) => [agent, maskToHex(mask)]));
  }
  const docs = [...b.docs.values()];
  await replaceDocuments(rollupsCollection(db), docs, { day: range });
  return docs.length;
}

/** The first and last day any ledger line, call or deal was written on (null: nothing yet). */
export async function dataSpan(db: Db): Promise<{ first: Date; last: Date } | null> {
  const ends = async (
    collection: { find(filter: Document, options: Document): { toArray(): Promise<Document[]> } },
    field: string,
  ) => {
    const [first] = await collection
      .find({ [field]: { $type: 'date' } }, { projection: { [field]: 1 }, sort: { [field]: 1 }, limit: 1 })
      .toArray();
    const [last] = await collection
      .find({ [field]: { $type: 'date' } }, { projection: { [field]: 1 }, sort: { [field]: -1 }, limit: 1 })
      .toArray();
    return first ? [first[field] as Date, last[field] as Date] : [];
  };
  const dates = (
    await Promise.all([
      ends(readOnlyLedger(db), 'createdAt'),
      ends(readOnlyCalls(db), 'startedAt'),
      ends(readOnlyDeals(db), 'closedAt'),
    ])
  ).flat();
  if (dates.length === 0) return null;
  const times = dates.map((d) => d.getTime());
  return { first: new Date(Math.min(...times)), last: new Date(Math.max(...times)) };
}

/** Scope filter: one user (in a campaign or all), or campaign scopes (one, several, or the everything scope). */
export function userRollups(
  db: Db,
  userId: ObjectId,
  campaignId: ObjectId | null,
  fromDay: Date,
  toDay: Date,
): Promise<RollupDoc[]> {
  return rollupsCollection(db)
    .find({ userId, campaignId, day: { $gte: fromDay, $lte: toDay } }, { projection: { slots: 1, day: 1 } })
    .toArray();
}

/** The edge days of several users, with their slots. */
export function usersRollupsOn(
  db: Db,
  userIds: ObjectId[],
  campaignId: ObjectId | null,
  days: Date[],
): Promise<RollupDoc[]> {
  if (days.length === 0 || userIds.length === 0) return Promise.resolve([]);
  return rollupsCollection(db)
    .find({ userId: { $in: userIds }, campaignId, day: { $in: days } }, { projection: { userId: 1, day: 1, slots: 1 } })
    .toArray();
}

export interface ScopeSums {
  id: ObjectId;
  figures: Figures;
}

/**
 * Day totals summed per scope (`by`) over whole UTC days [fromDay, toDay): the whole weeks inside from the week
 * totals when the scopes have them, the days around them from the day documents.
 */
async function sumTotals(
  db: Db,
  scope: Document,
  fromDay: Date,
  toDay: Date,
  by: string,
  fields: string[],
  weekly: boolean,
): Promise<ScopeSums[]> {
  const group = { $group: { _id: by, ...Object.fromEntries(fields.map((f) => [f, { $sum: `$totals.${f}` }])) } };
  const firstWeek = weekOf(fromDay.getTime() + WEEK - DAY);
  const lastWeek = weekOf(toDay.getTime());
  const parts: Array<Promise<Document[]>> = [];
  const days = (from: number, to: number) => {
    if (from < to)
      parts.push(
        rollupsCollection(db)
          .aggregate([{ $match: { ...scope, day: { $gte: new Date(from), $lt: new Date(to) } } }, group])
          .toArray(),
      );
  };
  if (weekly && firstWeek < lastWeek) {
    days(fromDay.getTime(), firstWeek);
    parts.push(
      weekTotalsCollection(db)
        .aggregate([{ $match: { ...scope, week: { $gte: new Date(firstWeek), $lt: new Date(lastWeek) } } }, group])
        .toArray(),
    );
    days(lastWeek, toDay.getTime());
  } else {
    days(fromDay.getTime(), toDay.getTime());
  }
  const sums = new Map<string, ScopeSums>();
  for (const rows of await Promise.all(parts)) {
    for (const { _id, ...figures } of rows) {
      const key = String(_id);
      const at = sums.get(key) ?? { id: _id as ObjectId, figures: {} };
      sums.set(key, at);
      for (const [field, n] of Object.entries(figures as Figures)) at.figures[field] = (at.figures[field] ?? 0) + n;
    }
  }
  return [...sums.values()];
}

/** Sums of day totals per user over whole UTC days [fromDay, toDay). */
export function usersTotals(
  db: Db,
  userIds: ObjectId[],
  campaignId: ObjectId | null,
  fromDay: Date,
  toDay: Date,
  fields: string[],
): Promise<ScopeSums[]> {
  if (fromDay >= toDay || userIds.length === 0) return Promise.resolve([]);
  return sumTotals(
    db,
    { userId: { $in: userIds }, campaignId },
    fromDay,
    toDay,
    '$userId',
    fields,
    campaignId === null,
  );
}

/** Campaign scopes (userId null): `campaignIds` undefined is every campaign. */
const campaignScope = (campaignIds: ObjectId[] | undefined) => ({
  userId: null,
  campaignId: campaignIds ? { $in: campaignIds } : { $ne: null },
});

export function campaignTotals(
  db: Db,
  campaignIds: ObjectId[] | undefined,
  fromDay: Date,
  toDay: Date,
  fields: string[],
): Promise<ScopeSums[]> {
  if (fromDay >= toDay) return Promise.resolve([]);
  return sumTotals(db, campaignScope(campaignIds), fromDay, toDay, '$campaignId', fields, true);
}

export function campaignRollupsOn(db: Db, campaignIds: ObjectId[] | undefined, days: Date[]): Promise<RollupDoc[]> {
  if (days.length === 0) return Promise.resolve([]);
  return rollupsCollection(db)
    .find({ ...campaignScope(campaignIds), day: { $in: days } }, { projection: { campaignId: 1, day: 1, slots: 1 } })
    .toArray();
}

/** Who was active per slot: the everything scope (`campaignIds` undefined) or the campaigns' own. */
export function activeRollups(
  db: Db,
  campaignIds: ObjectId[] | undefined,
  fromDay: Date,
  toDay: Date,
): Promise<RollupDoc[]> {
  return rollupsCollection(db)
    .find(
      { userId: null, campaignId: campaignIds ? { $in: campaignIds } : null, day: { $gte: fromDay, $lte: toDay } },
      { projection: { day: 1, active: 1 } },
    )
    .toArray();
}

/** Which version built the stored figures, and whether that build finished. */
interface FiguresState {
  _id: 'figures';
  version: number;
  done: boolean;
  claimedAt: Date;
}

const stateCollection = (db: Db) => db.collection<FiguresState>('insight_state');

/** A build left unfinished this long (its process died) is taken over. */
const ABANDONED_MS = 10 * 60_000;

/** True when this process is to rebuild: the stored figures are missing, older, or an abandoned build's. */
export async function claimFiguresRebuild(db: Db, version: number): Promise<boolean> {
  const now = new Date();
  try {
    const claimed = await stateCollection(db).findOneAndUpdate(
      {
        _id: 'figures',
        $or: [
          { version: { $ne: version } },
          { done: false, claimedAt: { $lt: new Date(now.getTime() - ABANDONED_MS) } },
        ],
      },
      { $set: { version, done: false, claimedAt: now } },
      { upsert: true, returnDocument: 'after' },
    );
    return Boolean(claimed);
  } catch (error) {
    // The state exists and is current (or another process claimed it first): the upsert's insert collides.
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

export async function figuresRebuilt(db: Db, version: number): Promise<void> {
  await stateCollection(db).updateOne({ _id: 'figures', version }, { $set: { done: true } });
}
