import { ObjectId, type Collection, type Db } from 'mongodb';
import type { LeadDisposition, LeadStage } from '../../../shared/constants.js';

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
  assignedTo?: ObjectId;
  assignedAt?: Date;
  disposition: LeadDisposition;
  stage: LeadStage;
  /** Last time the disposition changed; drives the idle reassignment. */
  dispositionAt?: Date;
  lastContactAt?: Date;
  nextAction?: string;
  nextActionDate?: Date;
  timeZone?: string;
  notes?: string;
  importId?: ObjectId;
  history: LeadHistoryEntry[];
  createdAt: Date;
  updatedAt: Date;
}

export const leadsCollection = (db: Db): Collection<LeadDoc> => db.collection<LeadDoc>('leads');

export async function ensureLeadIndexes(db: Db): Promise<void> {
  const leads = leadsCollection(db);
  await leads.createIndex({ assignedTo: 1, campaignId: 1, createdAt: -1 });
  await leads.createIndex({ campaignId: 1, assignedTo: 1, createdAt: 1 });
  await leads.createIndex({ campaignId: 1, phone: 1 }, { unique: true, partialFilterExpression: { phone: { $type: 'string' } } });
  await leads.createIndex({ campaignId: 1, email: 1 }, { unique: true, partialFilterExpression: { email: { $type: 'string' } } });
  await leads.createIndex({ assignedTo: 1, dispositionAt: 1 });
}

export function findLeadById(db: Db, id: string | ObjectId): Promise<LeadDoc | null> {
  if (typeof id === 'string' && !ObjectId.isValid(id)) return Promise.resolve(null);
  return leadsCollection(db).findOne({ _id: typeof id === 'string' ? new ObjectId(id) : id });
}
