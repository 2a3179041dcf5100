import { ObjectId, type AnyBulkWriteOperation, type Collection, type Db } from 'mongodb';
import type { CommissionKind, CommissionStatus } from '../../../shared/schemas/commissions/ledger.js';
import { readOnly, type ReadOnlyCollection } from '../../platform/read-only-collection.js';

export interface CommissionWhyDoc {
  dealValue: number;
  leadName: string;
  campaignName: string;
  sourceUserName: string;
  rule: string;
  text: string;
}

export interface CommissionDoc {
  _id: ObjectId;
  userId: ObjectId;
  dealId: ObjectId;
  campaignId: ObjectId;
  kind: CommissionKind;
  /** 0 for the opener/closer/full-stack agent, 1-3 for overrides. */
  level: number;
  /** Integer cents; negative for clawbacks. */
  amount: number;
  status: CommissionStatus;
  percent: number;
  basis: number;
  /** Whose production earned this line. */
  sourceUserId: ObjectId;
  holdUntil: Date;
  createdAt: Date;
  approvedAt?: Date;
  paidAt?: Date;
  voidedAt?: Date;
  payoutId?: ObjectId;
  /** Set while a payout run holds the line. */
  payoutRunId?: ObjectId;
  reverses?: { lineId: ObjectId; kind: CommissionKind };
  why: CommissionWhyDoc;
}

export interface PayoutDoc {
  _id: ObjectId;
  runId: ObjectId;
  userId: ObjectId;
  campaignId: ObjectId;
  campaignName: string;
  amount: number;
  lineCount: number;
  clawbackCount: number;
  createdAt: Date;
  paidBy: ObjectId;
}

export const commissionsCollection = (db: Db): Collection<CommissionDoc> => db.collection<CommissionDoc>('commissions');
export const payoutsCollection = (db: Db): Collection<PayoutDoc> => db.collection<PayoutDoc>('payouts');

/**
 * The ledger for the aggregations other features run over it (the Insights rollups, the leaderboard's standings):
 * they read, and every line is written here, by the jobs whose ids make each write once.
 */
export const readOnlyLedger = (db: Db): ReadOnlyCollection<CommissionDoc> => readOnly(commissionsCollection(db));

export async function ensureCommissionIndexes(db: Db): Promise<void> {
  const commissions = commissionsCollection(db);
  // The idempotency key of the ledger: a retried job can never write a line twice. `sourceUserId` is part of it
  // because one upline can earn the same override level on both the opener's and the closer's commission.
  await commissions.createIndex({ dealId: 1, userId: 1, kind: 1, level: 1, sourceUserId: 1 }, { unique: true });
  await commissions.createIndex({ userId: 1, _id: -1 });
  await commissions.createIndex({ userId: 1, status: 1, campaignId: 1 });
  await commissions.createIndex({ status: 1, holdUntil: 1 });
  await commissions.createIndex({ userId: 1, sourceUserId: 1, createdAt: -1 });
  // The Insights rollups recompute whole days of the ledger, the leaderboard scans a period: lines by when written.
  await commissions.createIndex({ createdAt: 1 });
  await commissions.createIndex({ createdAt: -1 });
  await payoutsCollection(db).createIndex({ runId: 1, userId: 1, campaignId: 1 }, { unique: true });
  await payoutsCollection(db).createIndex({ userId: 1, createdAt: -1 });
}

/** Inserts the lines that are not there yet (the server assigns their `_id`); returns how many were new. */
export async function insertLinesOnce(db: Db, lines: CommissionDoc[]): Promise<number> {
  if (lines.length === 0) return 0;
  const ops: AnyBulkWriteOperation<CommissionDoc>[] = lines.map((line) => {
    const { _id: _unused, ...rest } = line;
    return {
      updateOne: {
        filter: {
          dealId: line.dealId,
          userId: line.userId,
          kind: line.kind,
          level: line.level,
          sourceUserId: line.sourceUserId,
        },
        update: { $setOnInsert: rest },
        upsert: true,
      },
    };
  });
  try {
    const result = await commissionsCollection(db).bulkWrite(ops, { ordered: false });
    return result.upsertedCount;
  } catch (error) {
    // Two workers racing on the same deal: the unique index keeps one copy; the other's upsert is a duplicate.
    if ((error as { code?: number }).code === 11000) return 0;
    throw error;
  }
}

export function linesOfDeal(db: Db, dealId: ObjectId): Promise<CommissionDoc[]> {
  return commissionsCollection(db).find({ dealId }).toArray();
}

export async function voidLines(db: Db, ids: ObjectId[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await commissionsCollection(db).updateMany(
    { _id: { $in: ids }, status: { $in: ['pending', 'approved'] }, payoutRunId: { $exists: false } },
    { $set: { status: 'void', voidedAt: at } },
  );
}

export function dueForApproval(db: Db, now: Date, dealId?: ObjectId): Promise<CommissionDoc[]> {
  return commissionsCollection(db)
    .find({ status: 'pending', holdUntil: { $lte: now }, ...(dealId ? { dealId } : {}) })
    .toArray();
}

export async function approveLines(db: Db, ids: ObjectId[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await commissionsCollection(db).updateMany(
    { _id: { $in: ids }, status: 'pending' },
    { $set: { status: 'approved', approvedAt: at } },
  );
  return result.modifiedCount;
}

/** (user, campaign) pairs with approved lines not yet in a payout. */
export async function payableGroups(db: Db): Promise<Array<{ userId: ObjectId; campaignId: ObjectId }>> {
  const rows = await commissionsCollection(db)
    .aggregate<{ _id: { userId: ObjectId; campaignId: ObjectId } }>([
      { $match: { status: 'approved', payoutRunId: { $exists: false } } },
      { $group: { _id: { userId: '$userId', campaignId: '$campaignId' } } },
    ])
    .toArray();
  return rows.map((row) => row._id);
}

/** Marks a group's approved lines as held by this run and returns them. */
export async function claimForRun(
  db: Db,
  runId: ObjectId,
  userId: ObjectId,
  campaignId: ObjectId,
): Promise<CommissionDoc[]> {
  await commissionsCollection(db).updateMany(
    { userId, campaignId, status: 'approved', payoutRunId: { $exists: false } },
    { $set: { payoutRunId: runId } },
  );
  return commissionsCollection(db).find({ userId, campaignId, payoutRunId: runId, status: 'approved' }).toArray();
}

export async function releaseFromRun(db: Db, runId: ObjectId, ids: ObjectId[]): Promise<void> {
  await commissionsCollection(db).updateMany(
    { _id: { $in: ids }, payoutRunId: runId },
    { $unset: { payoutRunId: '' } },
  );
}

export async function insertPayoutAndMarkPaid(db: Db, payout: PayoutDoc, ids: ObjectId[]): Promise<void> {
  try {
    await payoutsCollection(db).insertOne(payout);
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  await commissionsCollection(db).updateMany(
    { _id: { $in: ids }, payoutRunId: payout.runId },
    { $set: { status: 'paid', paidAt: payout.createdAt, payoutId: payout._id } },
  );
}

export interface LedgerFilter {
  userId: ObjectId;
  campaignId?: ObjectId;
}

export function ledgerPage(db: Db, filter: LedgerFilter, limit: number, before?: ObjectId): Promise<CommissionDoc[]> {
  return commissionsCollection(db)
    .find({
      userId: filter.userId,
      ...(filter.campaignId ? { campaignId: filter.campaignId } : {}),
      ...(before ? { _id: { $lt: before } } : {}),
    })
    .sort({ _id: -1 })
    .limit(limit)
    .toArray();
}

/** The amount, status and date of every line of a user: what the earnings figures are summed from. */
export function ledgerAmounts(
  db: Db,
  filter: LedgerFilter,
): Promise<Array<Pick<CommissionDoc, 'amount' | 'status' | 'createdAt'>>> {
  return commissionsCollection(db)
    .find(
      { userId: filter.userId, ...(filter.campaignId ? { campaignId: filter.campaignId } : {}) },
      { projection: { _id: 0, amount: 1, status: 1, createdAt: 1 } },
    )
    .toArray();
}

export function payoutsOfUser(db: Db, userId: ObjectId, campaignId?: ObjectId, limit = 100): Promise<PayoutDoc[]> {
  return payoutsCollection(db)
    .find({ userId, ...(campaignId ? { campaignId } : {}) })
    .sort({ createdAt: -1 })
    .limit(limit)
    .toArray();
}

/** Per source user: what they earned (level-0 lines) and what `viewerId` earned on them (overrides), in cents. */
export async function earningsBySource(
  db: Db,
  userIds: ObjectId[],
  viewerId: ObjectId,
  campaignId?: ObjectId,
  since?: Date,
): Promise<Map<string, { earned: number; toViewer: number; lines: number }>> {
  const result = new Map<string, { earned: number; toViewer: number; lines: number }>();
  if (userIds.length === 0) return result;
  const scope = {
    ...(campaignId ? { campaignId } : {}),
    ...(since ? { createdAt: { $gte: since } } : {}),
    status: { $ne: 'void' as const },
  };
  const own = await commissionsCollection(db)
    .aggregate<{ _id: ObjectId; earned: number; lines: number }>([
      { $match: { userId: { $in: userIds }, ...scope } },
      { $group: { _id: '$userId', earned: { $sum: '$amount' }, lines: { $sum: 1 } } },
    ])
    .toArray();
  const toViewer = await commissionsCollection(db)
    .aggregate<{ _id: ObjectId; amount: number }>([
      {
        $match: {
          userId: viewerId,
          sourceUserId: { $in: userIds },
          kind: { $in: ['override', 'clawback'] },
          level: { $gte: 1 },
          ...scope,
        },
      },
      { $group: { _id: '$sourceUserId', amount: { $sum: '$amount' } } },
    ])
    .toArray();
  for (const row of own) result.set(row._id.toHexString(), { earned: row.earned, toViewer: 0, lines: row.lines });
  for (const row of toViewer) {
    const entry = result.get(row._id.toHexString()) ?? { earned: 0, toViewer: 0, lines: 0 };
    entry.toViewer = row.amount;
    result.set(row._id.toHexString(), entry);
  }
  return result;
}

/** Users with lines on a deal (everyone whose earnings change with it). */
export async function usersOfDeal(db: Db, dealId: ObjectId): Promise<ObjectId[]> {
  const lines = await commissionsCollection(db)
    .find({ dealId }, { projection: { userId: 1 } })
    .toArray();
  const unique = new Map(lines.map((l) => [l.userId.toHexString(), l.userId]));
  return [...unique.values()];
}

/** Money not paid yet per campaign (pending and approved lines, clawbacks included). */
export async function unpaidByCampaign(
  db: Db,
  userId: ObjectId,
  campaignId?: ObjectId,
): Promise<
  Array<{
    campaignId: ObjectId;
    campaignName: string;
    amount: number;
    lines: number;
    clawbacks: number;
    nextHold: Date;
  }>
> {
  const rows = await commissionsCollection(db)
    .aggregate<{
      _id: ObjectId;
      campaignName: string;
      amount: number;
      lines: number;
      clawbacks: number;
      nextHold: Date;
    }>([
      { $match: { userId, status: { $in: ['pending', 'approved'] }, ...(campaignId ? { campaignId } : {}) } },
      {
        $group: {
          _id: '$campaignId',
          campaignName: { $first: '$why.campaignName' },
          amount: { $sum: '$amount' },
          lines: { $sum: 1 },
          clawbacks: { $sum: { $cond: [{ $eq: ['$kind', 'clawback'] }, 1, 0] } },
          nextHold: { $max: '$holdUntil' },
        },
      },
    ])
    .toArray();
  return rows.map((row) => ({
    campaignId: row._id,
    campaignName: row.campaignName,
    amount: row.amount,
    lines: row.lines,
    clawbacks: row.clawbacks,
    nextHold: row.nextHold,
  }));
}

/** The admin payouts list: each user's unpaid money per campaign, approved (the next run pays it) and still held. */
export async function unpaidGroups(
  db: Db,
  limit: number,
): Promise<
  Array<{
    userId: ObjectId;
    campaignId: ObjectId;
    campaignName: string;
    approved: number;
    held: number;
    lines: number;
    clawbacks: number;
    releaseAt: Date | null;
  }>
> {
  const rows = await commissionsCollection(db)
    .aggregate<{
      _id: { userId: ObjectId; campaignId: ObjectId };
      campaignName: string;
      approved: number;
      held: number;
      lines: number;
      clawbacks: number;
      releaseAt: Date | null;
    }>([
      { $match: { status: { $in: ['pending', 'approved'] } } },
      {
        $group: {
          _id: { userId: '$userId', campaignId: '$campaignId' },
          campaignName: { $first: '$why.campaignName' },
          approved: { $sum: { $cond: [{ $eq: ['$status', 'approved'] }, '$amount', 0] } },
          held: { $sum: { $cond: [{ $eq: ['$status', 'pending'] }, '$amount', 0] } },
          lines: { $sum: 1 },
          clawbacks: { $sum: { $cond: [{ $eq: ['$kind', 'clawback'] }, 1, 0] } },
          releaseAt: { $max: { $cond: [{ $eq: ['$status', 'pending'] }, '$holdUntil', null] } },
        },
      },
      { $sort: { approved: -1, held: -1, _id: 1 } },
      { $limit: limit },
    ])
    .toArray();
  return rows.map((row) => ({
    userId: row._id.userId,
    campaignId: row._id.campaignId,
    campaignName: row.campaignName,
    approved: row.approved,
    held: row.held,
    lines: row.lines,
    clawbacks: row.clawbacks,
    releaseAt: row.releaseAt ?? null,
  }));
}

/** Every user's payouts, newest first (the admin list of completed payouts). */
export function payoutsPage(db: Db, limit: number, before?: ObjectId): Promise<PayoutDoc[]> {
  return payoutsCollection(db)
    .find(before ? { _id: { $lt: before } } : {})
    .sort({ _id: -1 })
    .limit(limit)
    .toArray();
}

/** Sums of the whole ledger by status, in cents. */
export async function ledgerTotalsByStatus(db: Db): Promise<Record<'pending' | 'approved' | 'paid', number>> {
  const rows = await commissionsCollection(db)
    .aggregate<{ _id: 'pending' | 'approved' | 'paid'; amount: number }>([
      { $match: { status: { $in: ['pending', 'approved', 'paid'] } } },
      { $group: { _id: '$status', amount: { $sum: '$amount' } } },
    ])
    .toArray();
  const totals = { pending: 0, approved: 0, paid: 0 };
  for (const row of rows) totals[row._id] = row.amount;
  return totals;
}
