import type { Db, Filter, ObjectId } from 'mongodb';
import { readOnlyCalls, type CallDoc } from '../dialer/public.js';

/** Who may see which calls: an agent's own, an owner's campaigns' (and their own), or all (admin). */
export type CallScope = { agentId: ObjectId } | { agentId: ObjectId; campaignIds: ObjectId[] } | 'all';

export interface CallHistoryFilter {
  scope: CallScope;
  status?: CallDoc['status'];
  direction?: CallDoc['direction'];
  campaignId?: ObjectId;
  leadId?: ObjectId;
  from?: Date;
  to?: Date;
  search?: string;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function historyFilter(filter: CallHistoryFilter): Filter<CallDoc> {
  const and: Filter<CallDoc>[] = [];
  if (filter.scope !== 'all') {
    and.push(
      'campaignIds' in filter.scope
        ? { $or: [{ agentId: filter.scope.agentId }, { campaignId: { $in: filter.scope.campaignIds } }] }
        : { agentId: filter.scope.agentId },
    );
  }
  if (filter.status) and.push({ status: filter.status });
  if (filter.direction) and.push({ direction: filter.direction });
  if (filter.campaignId) and.push({ campaignId: filter.campaignId });
  if (filter.leadId) and.push({ leadId: filter.leadId });
  if (filter.from) and.push({ startedAt: { $gte: filter.from } });
  if (filter.to) and.push({ startedAt: { $lte: filter.to } });
  const search = filter.search?.trim();
  if (search) {
    const pattern = new RegExp(escapeRegex(search), 'i');
    const or: Filter<CallDoc>[] = [{ name: pattern }, { phone: pattern }, { campaignName: pattern }];
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 3) or.push({ phoneDigits: new RegExp(escapeRegex(digits)) });
    and.push({ $or: or });
  }
  if (and.length === 0) return {};
  return and.length === 1 ? and[0] : { $and: and };
}

export function listCallHistory(db: Db, filter: Filter<CallDoc>, limit: number, before?: ObjectId): Promise<CallDoc[]> {
  const page = before ? { $and: [filter, { _id: { $lt: before } }] } : filter;
  return readOnlyCalls(db).find(page).sort({ _id: -1 }).limit(limit).toArray();
}

/** Every matching call, newest first, for the CSV export (bounded). */
export function streamCallHistory(db: Db, filter: Filter<CallDoc>, max: number) {
  return readOnlyCalls(db).find(filter).sort({ _id: -1 }).limit(max);
}

export interface CallTotals {
  total: number;
  answered: number;
  missed: number;
  voicemail: number;
  totalDuration: number;
}

export async function callTotals(db: Db, filter: Filter<CallDoc>): Promise<CallTotals> {
  const rows = await readOnlyCalls(db)
    .aggregate<{ _id: string | null; count: number; duration: number }>([
      { $match: filter },
      { $group: { _id: '$status', count: { $sum: 1 }, duration: { $sum: '$duration' } } },
    ])
    .toArray();
  const totals: CallTotals = { total: 0, answered: 0, missed: 0, voicemail: 0, totalDuration: 0 };
  for (const row of rows) {
    totals.total += row.count;
    totals.totalDuration += row.duration ?? 0;
    if (row._id === 'answered' || row._id === 'missed' || row._id === 'voicemail') totals[row._id] += row.count;
  }
  return totals;
}
