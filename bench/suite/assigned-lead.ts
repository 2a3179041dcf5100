import { ObjectId } from 'mongodb';
import type { LeadDoc } from '../../server/features/leads/repository.js';

/** A lead as an import leaves it, already assigned to `agentId` (written straight to the collection by the benches). */
export function assignedLead(
  lead: { campaignId: string; agentId: ObjectId; name: string; email: string; phone: string; index: number },
  now: Date,
): LeadDoc {
  return {
    _id: new ObjectId(),
    campaignId: new ObjectId(lead.campaignId),
    name: lead.name,
    company: `Company ${lead.index % 50}`,
    email: lead.email,
    phone: lead.phone,
    source: 'Import',
    leadType: 'Individual',
    details: { preferredHotel: `Hilton ${lead.index % 7}`, guests: (lead.index % 4) + 1 },
    assignedTo: lead.agentId,
    assignedAt: now,
    disposition: 'New',
    stage: 'New',
    dispositionAt: now,
    history: [{ at: now, change: 'Imported' }],
    createdAt: now,
    updatedAt: now,
  };
}
