import type { Db, ObjectId } from 'mongodb';
import { campaignsCollection, type CampaignDoc } from '../campaigns/public.js';
import { leadsCollection, type LeadDoc } from '../leads/public.js';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const contains = (q: string) => ({ $regex: escapeRegex(q), $options: 'i' });

export function countAssignedLeads(db: Db, userId: ObjectId): Promise<number> {
  return leadsCollection(db).countDocuments({ assignedTo: userId });
}

export function campaignIdsOwnedBy(db: Db, ownerId: ObjectId): Promise<ObjectId[]> {
  return campaignsCollection(db)
    .find({ ownerId }, { projection: { _id: 1 } })
    .toArray()
    .then((rows) => rows.map((row) => row._id));
}

/** `scope` undefined = every campaign (admins). */
export function searchCampaigns(db: Db, q: string, scope: ObjectId[] | undefined, limit: number): Promise<CampaignDoc[]> {
  return campaignsCollection(db)
    .find({ ...(scope ? { _id: { $in: scope } } : {}), $or: [{ name: contains(q) }, { description: contains(q) }, { slug: contains(q) }] })
    .sort({ name: 1 })
    .limit(limit)
    .toArray();
}

/** Leads the viewer may see: assigned to them, or in campaigns they own; `undefined` scope = all (admins). */
export function searchLeads(db: Db, q: string, scope: { assignedTo: ObjectId; campaignIds: ObjectId[] } | undefined, limit: number): Promise<LeadDoc[]> {
  const visible = scope ? { $or: [{ assignedTo: scope.assignedTo }, ...(scope.campaignIds.length ? [{ campaignId: { $in: scope.campaignIds } }] : [])] } : {};
  const text = { $or: [{ name: contains(q) }, { email: contains(q) }, { phone: contains(q.replace(/[^0-9]/g, '') || q) }, { company: contains(q) }] };
  return leadsCollection(db)
    .find({ $and: [visible, text] })
    .sort({ updatedAt: -1 })
    .limit(limit)
    .toArray();
}
