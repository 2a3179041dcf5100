import { ObjectId, type Collection, type Db, type Filter } from 'mongodb';
import type { LeadStage } from '../../../shared/constants.js';
import type { ClientStatus } from '../../../shared/schemas/clients/client.js';
import type { LeadScope } from '../campaigns/public.js';

export interface ClientDoc {
  _id: ObjectId;
  leadId: ObjectId;
  campaignId: ObjectId;
  name: string;
  email?: string;
  phone?: string;
  company?: string;
  progress: number;
  stage: LeadStage;
  status: ClientStatus;
  lastContactAt?: Date;
  nextAction?: string;
  nextActionDate?: Date;
  assignedTo?: ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export const clientsCollection = (db: Db): Collection<ClientDoc> => db.collection<ClientDoc>('clients');

export async function ensureClientIndexes(db: Db): Promise<void> {
  const clients = clientsCollection(db);
  await clients.createIndex({ leadId: 1 }, { unique: true });
  await clients.createIndex({ assignedTo: 1, campaignId: 1, _id: -1 });
  await clients.createIndex({ assignedTo: 1, _id: -1 });
  await clients.createIndex({ campaignId: 1, _id: -1 });
  // The calendar: an agent's next actions by date.
  await clients.createIndex({ assignedTo: 1, nextActionDate: 1 });
}

export function findClientById(db: Db, id: string): Promise<ClientDoc | null> {
  if (!ObjectId.isValid(id)) return Promise.resolve(null);
  return clientsCollection(db).findOne({ _id: new ObjectId(id) });
}

export function findClientByLead(db: Db, leadId: ObjectId): Promise<ClientDoc | null> {
  return clientsCollection(db).findOne({ leadId });
}

/** Creates the client of a lead once (unique leadId); a second call only refreshes what follows the lead. */
export async function upsertClientForLead(
  db: Db,
  onInsert: Omit<ClientDoc, '_id' | 'stage' | 'assignedTo' | 'updatedAt' | 'lastContactAt'>,
  follow: Pick<ClientDoc, 'stage' | 'assignedTo' | 'updatedAt' | 'lastContactAt'>,
): Promise<void> {
  try {
    await clientsCollection(db).updateOne(
      { leadId: onInsert.leadId },
      { $setOnInsert: onInsert, $set: follow },
      { upsert: true },
    );
  } catch (error) {
    // Two updates of the same lead raced to create it: the other one did.
    if ((error as { code?: number }).code !== 11000) throw error;
    await clientsCollection(db).updateOne({ leadId: onInsert.leadId }, { $set: follow });
  }
}

export async function updateClientByLead(db: Db, leadId: ObjectId, set: Partial<ClientDoc>): Promise<void> {
  await clientsCollection(db).updateOne({ leadId }, { $set: set });
}

function scopeFilter(scope: LeadScope): Filter<ClientDoc>[] {
  if (scope === 'all') return [];
  return ['assignedTo' in scope ? { assignedTo: scope.assignedTo } : { campaignId: { $in: scope.campaignIds } }];
}

export function listClients(
  db: Db,
  scope: LeadScope,
  filter: { campaignId?: ObjectId; status?: ClientStatus; before?: ObjectId; limit: number },
): Promise<ClientDoc[]> {
  const and = scopeFilter(scope);
  if (filter.campaignId) and.push({ campaignId: filter.campaignId });
  if (filter.status) and.push({ status: filter.status });
  if (filter.before) and.push({ _id: { $lt: filter.before } });
  const query: Filter<ClientDoc> = and.length === 0 ? {} : and.length === 1 ? and[0] : { $and: and };
  return clientsCollection(db).find(query).sort({ _id: -1 }).limit(filter.limit).toArray();
}

export async function updateClient(
  db: Db,
  id: ObjectId,
  set: Partial<ClientDoc>,
  unset: string[],
): Promise<ClientDoc | null> {
  return clientsCollection(db).findOneAndUpdate(
    { _id: id },
    { $set: set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, ''])) } : {}) },
    { returnDocument: 'after' },
  );
}

/** What the calendar shows of a client: its next action, and the lead it came from. */
export type ClientFollowUp = Pick<ClientDoc, '_id' | 'leadId' | 'campaignId' | 'name' | 'phone' | 'nextAction'> & {
  nextActionDate: Date;
};

/** The clients in scope that have a next action date, the most recent client first. */
export function listClientFollowUps(db: Db, scope: LeadScope, limit: number): Promise<ClientFollowUp[]> {
  return clientsCollection(db)
    .find<ClientFollowUp>(
      { $and: [...scopeFilter(scope), { nextActionDate: { $exists: true } }] },
      { projection: { leadId: 1, campaignId: 1, name: 1, phone: 1, nextAction: 1, nextActionDate: 1 } },
    )
    .sort({ _id: -1 })
    .limit(limit)
    .toArray();
}
