import { ObjectId, type Collection, type Db, type Filter } from 'mongodb';
import type { LeadDisposition, LeadStage } from '../../../shared/constants.js';
import type { LeadScope } from '../campaigns/public.js';
import { countLeadFlow, type LeadReturn } from './flow-counts.js';
import { countLeadChanges } from './open-counts.js';

export interface LeadHistoryEntry {
  at: Date;
  by?: ObjectId;
  change: string;
}

export interface LeadDoc {
  _id: ObjectId;
  campaignId: ObjectId;
  name: string;
  company?: string;
  email?: string;
  /** Digits only with country code when known (normalised at import). */
  phone?: string;
  source: string;
  leadType: 'Individual' | 'Corporate' | 'Agency';
  /** Campaign-specific fields (hotel, adwords, real-estate...). */
  details: Record<string, unknown>;
  assignedTo?: ObjectId | null;
  assignedAt?: Date;
  disposition: LeadDisposition;
  stage: LeadStage;
  /** Last time the disposition changed (or the lead was assigned); drives the idle reassignment. */
  dispositionAt?: Date;
  lastContactAt?: Date;
  nextAction?: string;
  nextActionDate?: Date;
  timeZone?: string;
  notes?: string;
  /**
   * The agent who last handed this lead's live call to its assignee (dialer transfers): the deal the assignee closes
   * names them as opener unless the close says otherwise (docs/commissions.md, "Credit follows a transfer").
   */
  transferOpenerId?: ObjectId;
  importId?: ObjectId;
  /** Set while its import is still running: such a lead is in no pool and may be removed if the import fails. */
  staged?: boolean;
  /** Present exactly while the lead waits for distribution (unassigned, released): the pool index holds only these. */
  pool?: true;
  /** The agent it was taken back from (idle), so distribution prefers someone else. */
  reclaimedFrom?: ObjectId;
  /** Assigned, but the agent's notification is not written yet (a crashed job finishes it on the next run). */
  notifyPending?: boolean;
  history: LeadHistoryEntry[];
  createdAt: Date;
  updatedAt: Date;
}

export const leadsCollection = (db: Db): Collection<LeadDoc> => db.collection<LeadDoc>('leads');

/** Every lead write moves the counters kept from leads (open leads, lead flow) by exactly what it changed. */
async function countWrites(
  db: Db,
  changes: Array<[LeadDoc | null, LeadDoc | null]>,
  returns: LeadReturn[] = [],
): Promise<void> {
  await Promise.all([countLeadChanges(db, changes), countLeadFlow(db, changes, returns)]);
}

/** Dispositions that still need work: a lead left in one of these too long goes back to the pool. */
export const OPEN_DISPOSITIONS: LeadDisposition[] = ['New', 'Answered', 'VM', 'Follow Up'];

export async function ensureLeadIndexes(db: Db): Promise<void> {
  const leads = leadsCollection(db);
  // Agent lists (newest first, optionally one campaign) and owner/admin lists per campaign.
  await leads.createIndex({ assignedTo: 1, campaignId: 1, _id: -1 });
  await leads.createIndex({ assignedTo: 1, _id: -1 });
  await leads.createIndex({ campaignId: 1, _id: -1 });
  // The pool of a campaign, oldest first (with _id, so the index gives the whole sort: an import shares one
  // createdAt). Partial: it holds only waiting leads, so taking the next ones never walks past assigned ones.
  await leads.createIndex(
    { campaignId: 1, pool: 1, createdAt: 1, _id: 1 },
    { partialFilterExpression: { pool: true } },
  );
  await leads.createIndex(
    { campaignId: 1, phone: 1 },
    { unique: true, partialFilterExpression: { phone: { $type: 'string' } } },
  );
  await leads.createIndex({ phone: 1 }, { partialFilterExpression: { phone: { $type: 'string' } } });
  await leads.createIndex(
    { campaignId: 1, email: 1 },
    { unique: true, partialFilterExpression: { email: { $type: 'string' } } },
  );
  // Idle sweep per campaign.
  await leads.createIndex({ campaignId: 1, dispositionAt: 1 });
  await leads.createIndex({ importId: 1 }, { partialFilterExpression: { importId: { $type: 'objectId' } } });
  await leads.createIndex({ notifyPending: 1 }, { partialFilterExpression: { notifyPending: true } });
  // The Insights funnel reads a date range of one agent's leads.
  await leads.createIndex({ assignedTo: 1, assignedAt: 1 });
}

export function findLeadById(db: Db, id: string | ObjectId): Promise<LeadDoc | null> {
  if (typeof id === 'string' && !ObjectId.isValid(id)) return Promise.resolve(null);
  return leadsCollection(db).findOne({ _id: typeof id === 'string' ? new ObjectId(id) : id });
}

export interface LeadListFilter {
  scope: LeadScope;
  campaignId?: ObjectId;
  disposition?: LeadDisposition;
  stage?: LeadStage;
  search?: string;
  before?: ObjectId;
  limit: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function scopeFilter(scope: LeadScope): Filter<LeadDoc> {
  if (scope === 'all') return {};
  if ('assignedTo' in scope) return { assignedTo: scope.assignedTo };
  return { campaignId: { $in: scope.campaignIds } };
}

export function listLeads(db: Db, filter: LeadListFilter): Promise<LeadDoc[]> {
  const and: Filter<LeadDoc>[] = [scopeFilter(filter.scope)];
  if (filter.campaignId) and.push({ campaignId: filter.campaignId });
  if (filter.disposition) and.push({ disposition: filter.disposition });
  if (filter.stage) and.push({ stage: filter.stage });
  if (filter.before) and.push({ _id: { $lt: filter.before } });
  const search = filter.search?.trim();
  if (search) {
    const pattern = new RegExp(escapeRegex(search), 'i');
    const or: Filter<LeadDoc>[] = [{ name: pattern }, { email: pattern }, { phone: pattern }, { company: pattern }];
    // Phones are stored as digits: "(555) 010" finds 555010...
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 3 && digits !== search) or.push({ phone: new RegExp(escapeRegex(digits)) });
    and.push({ $or: or });
  }
  return leadsCollection(db)
    .find(and.length === 1 ? and[0] : { $and: and }, { projection: { history: 0 } })
    .sort({ _id: -1 })
    .limit(filter.limit)
    .toArray();
}

/** What the calendar shows of a lead: its next action. */
export type LeadFollowUp = Pick<LeadDoc, '_id' | 'campaignId' | 'name' | 'phone' | 'nextAction'> & {
  nextActionDate: Date;
};

/** The leads in scope that have a next action date, the most recent lead first. */
export function listLeadFollowUps(db: Db, scope: LeadScope, limit: number): Promise<LeadFollowUp[]> {
  return leadsCollection(db)
    .find<LeadFollowUp>(
      { $and: [scopeFilter(scope), { nextActionDate: { $exists: true } }] },
      { projection: { campaignId: 1, name: 1, phone: 1, nextAction: 1, nextActionDate: 1 } },
    )
    .sort({ _id: -1 })
    .limit(limit)
    .toArray();
}

/** The most recently updated lead with one of these phones that the caller may dial (assigned to them, or in a campaign they own). */
export function findLatestLeadByPhone(
  db: Db,
  phones: string[],
  scope: 'all' | { assignedTo: ObjectId; campaignIds: ObjectId[] },
): Promise<LeadDoc | null> {
  const visible: Filter<LeadDoc> =
    scope === 'all'
      ? {}
      : scope.campaignIds.length
        ? { $or: [{ assignedTo: scope.assignedTo }, { campaignId: { $in: scope.campaignIds } }] }
        : { assignedTo: scope.assignedTo };
  return leadsCollection(db).findOne(
    { phone: { $in: phones }, ...visible },
    { sort: { updatedAt: -1 }, projection: { history: 0 } },
  );
}

/** `set` and `unset` name top-level fields; answers the lead as written (null: no such lead). */
export async function updateLead(
  db: Db,
  id: ObjectId,
  set: Partial<LeadDoc>,
  unset: string[],
  history: LeadHistoryEntry[],
): Promise<LeadDoc | null> {
  // The lead as it was, so the open-lead counters move by exactly this write; the answer is that lead with the
  // same top-level changes applied.
  const before = await leadsCollection(db).findOneAndUpdate(
    { _id: id },
    {
      $set: set,
      ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, ''])) } : {}),
      ...(history.length ? { $push: { history: { $each: history } } } : {}),
    },
    { returnDocument: 'before' },
  );
  if (!before) return null;
  const after: LeadDoc = { ...before, ...set, history: [...(before.history ?? []), ...history] };
  for (const key of unset) delete (after as unknown as Record<string, unknown>)[key];
  await countWrites(db, [[before, after]]);
  return after;
}

/** Inserts a batch; the answer lists the positions refused by a unique index (a duplicate phone or e-mail). */
export async function insertLeads(db: Db, docs: LeadDoc[]): Promise<Set<number>> {
  const duplicates = new Set<number>();
  if (docs.length === 0) return duplicates;
  try {
    await leadsCollection(db).insertMany(docs, { ordered: false });
  } catch (error) {
    const writeErrors = (
      error as { writeErrors?: Array<{ index: number; code: number }> | { index: number; code: number } }
    ).writeErrors;
    const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
    if (list.length === 0 || list.some((e) => e.code !== 11000)) throw error;
    for (const e of list) duplicates.add(e.index);
  }
  await countWrites(
    db,
    docs.filter((_, i) => !duplicates.has(i)).map((doc) => [null, doc]),
  );
  return duplicates;
}

export async function releaseStagedLeads(db: Db, importId: ObjectId): Promise<void> {
  // Only the import that staged them releases them, once: what is read here is what the update releases.
  const staged = await leadsCollection(db)
    .find({ importId, staged: true }, { projection: { history: 0 } })
    .toArray();
  await leadsCollection(db).updateMany({ importId, staged: true }, { $unset: { staged: '' }, $set: { pool: true } });
  await countLeadFlow(
    db,
    staged.map((lead) => [lead, { ...lead, staged: undefined }]),
  );
}

export async function deleteStagedLeads(db: Db, importId: ObjectId): Promise<void> {
  await leadsCollection(db).deleteMany({ importId, staged: true });
}

/** Leads of a campaign waiting for distribution, oldest first. */
export function poolLeads(
  db: Db,
  campaignId: ObjectId,
  limit: number,
  notReclaimedFrom?: ObjectId,
): Promise<LeadDoc[]> {
  const filter: Filter<LeadDoc> = { campaignId, pool: true };
  if (notReclaimedFrom) filter.reclaimedFrom = { $ne: notReclaimedFrom };
  return leadsCollection(db)
    .find(filter, { projection: { history: 0 } })
    .sort({ createdAt: 1, _id: 1 })
    .limit(limit)
    .toArray();
}

/** Whether any of the campaign's leads waits for distribution (one look at the pool index). */
export async function hasPoolLeads(db: Db, campaignId: ObjectId): Promise<boolean> {
  return (await leadsCollection(db).countDocuments({ campaignId, pool: true }, { limit: 1 })) > 0;
}

export async function campaignsWithPool(db: Db): Promise<ObjectId[]> {
  return (await leadsCollection(db).distinct('campaignId', { pool: true })) as ObjectId[];
}

export interface Assignment {
  leadId: ObjectId;
  agentId: ObjectId;
}

/** Gives the lead to the agent unless someone took it meanwhile; answers the assigned lead (without history). */
export async function assignLead(
  db: Db,
  { leadId, agentId }: Assignment,
  at: Date,
  change: string,
): Promise<LeadDoc | null> {
  const set = { assignedTo: agentId, assignedAt: at, dispositionAt: at, notifyPending: true, updatedAt: at };
  const before = await leadsCollection(db).findOneAndUpdate(
    { _id: leadId, pool: true },
    { $set: set, $unset: { reclaimedFrom: '', pool: '' }, $push: { history: { at, change } } },
    { returnDocument: 'before', projection: { history: 0 } },
  );
  if (!before) return null;
  const assigned: LeadDoc = { ...before, ...set };
  delete assigned.reclaimedFrom;
  delete assigned.pool;
  // A lead in the pool is assigned to nobody.
  await countWrites(db, [[{ ...before, assignedTo: null }, assigned]]);
  return assigned;
}

export async function clearNotifyPending(db: Db, ids: ObjectId[]): Promise<void> {
  if (ids.length) await leadsCollection(db).updateMany({ _id: { $in: ids } }, { $unset: { notifyPending: '' } });
}

export function leadsWithPendingNotification(db: Db, limit: number): Promise<LeadDoc[]> {
  return leadsCollection(db)
    .find({ notifyPending: true }, { projection: { history: 0 } })
    .limit(limit)
    .toArray();
}

/** Assigned leads of a campaign whose disposition has not moved since `cutoff` and still needs work. */
export function idleLeads(db: Db, campaignId: ObjectId, cutoff: Date, limit: number): Promise<LeadDoc[]> {
  return leadsCollection(db)
    .find(
      {
        campaignId,
        dispositionAt: { $lt: cutoff },
        assignedTo: { $ne: null },
        disposition: { $in: OPEN_DISPOSITIONS },
      },
      { projection: { history: 0 } },
    )
    .limit(limit)
    .toArray();
}

/** Puts an idle lead back in the pool, unless its agent touched it in the meantime; answers it (without history). */
export async function returnLeadToPool(db: Db, lead: LeadDoc, at: Date, change: string): Promise<LeadDoc | null> {
  const returned = await leadsCollection(db).findOneAndUpdate(
    { _id: lead._id, assignedTo: lead.assignedTo, dispositionAt: lead.dispositionAt },
    {
      $set: { assignedTo: null, pool: true, reclaimedFrom: lead.assignedTo!, updatedAt: at },
      $unset: { assignedAt: '', notifyPending: '' },
      $push: { history: { at, change } },
    },
    { returnDocument: 'after', projection: { history: 0 } },
  );
  // Every stage change moves dispositionAt, so the stage is the one it had with that agent.
  if (returned)
    await countWrites(
      db,
      [[{ ...returned, assignedTo: lead.assignedTo, assignedAt: lead.assignedAt }, returned]],
      [{ campaignId: returned.campaignId, at }],
    );
  return returned;
}

// Reads for other features (the overview's search and counts, the Insights funnel, the demo deals): named here, so
// every write to leads stays in this file, beside the counters it moves.

export function findLeadByCampaignEmail(db: Db, campaignId: ObjectId, email: string): Promise<LeadDoc | null> {
  return leadsCollection(db).findOne({ campaignId, email });
}

export function countAssignedLeads(db: Db, userId: ObjectId): Promise<number> {
  return leadsCollection(db).countDocuments({ assignedTo: userId });
}

const contains = (q: string) => ({ $regex: escapeRegex(q), $options: 'i' });

/** Leads the viewer may see: assigned to them, or in campaigns they own; `undefined` scope = all (admins). */
export function searchLeads(
  db: Db,
  q: string,
  scope: { assignedTo: ObjectId; campaignIds: ObjectId[] } | undefined,
  limit: number,
): Promise<LeadDoc[]> {
  const visible = scope
    ? {
        $or: [
          { assignedTo: scope.assignedTo },
          ...(scope.campaignIds.length ? [{ campaignId: { $in: scope.campaignIds } }] : []),
        ],
      }
    : {};
  const text = {
    $or: [
      { name: contains(q) },
      { email: contains(q) },
      { phone: contains(q.replace(/[^0-9]/g, '') || q) },
      { company: contains(q) },
    ],
  };
  return leadsCollection(db)
    .find({ $and: [visible, text] })
    .sort({ updatedAt: -1 })
    .limit(limit)
    .toArray();
}

export interface LeadFunnelCounts {
  _id: ObjectId;
  assigned: number;
  contacted: number;
  interested: number;
  closed: number;
}

const sumIf = (condition: unknown) => ({ $sum: { $cond: [condition, 1, 0] } });

/** The agent's leads assigned in [startsAt, endsAt) (in `campaignIds`, or every campaign), per campaign, counted at each step they reached. */
export function leadFunnelByCampaign(
  db: Db,
  agentId: ObjectId,
  window: { startsAt: Date; endsAt: Date; campaignIds?: ObjectId[] },
): Promise<LeadFunnelCounts[]> {
  return leadsCollection(db)
    .aggregate<LeadFunnelCounts>([
      {
        $match: {
          assignedTo: agentId,
          assignedAt: { $gte: window.startsAt, $lt: window.endsAt },
          ...(window.campaignIds ? { campaignId: { $in: window.campaignIds } } : {}),
        },
      },
      {
        $group: {
          _id: '$campaignId',
          assigned: { $sum: 1 },
          contacted: sumIf({ $ne: ['$disposition', 'New'] }),
          interested: sumIf({ $in: ['$stage', ['Qualified', 'Proposal', 'Closed']] }),
          closed: sumIf({ $eq: ['$stage', 'Closed'] }),
        },
      },
    ])
    .toArray();
}
