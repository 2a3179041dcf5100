import type { ObjectId } from 'mongodb';
import type { LeadStage } from '../../../shared/constants.js';
import type { ClientStatus } from '../../../shared/schemas/clients/client.js';
import type { Platform } from '../../platform/context.js';
import { findClientByLead, updateClientByLead, upsertClientForLead } from './repository.js';

/** Where a client's progress bar starts for each stage (the agent moves it from there). */
const PROGRESS_FOR_STAGE: Record<LeadStage, number> = {
  New: 0,
  Contacted: 20,
  Qualified: 40,
  Proposal: 60,
  Closed: 100,
  Lost: 0,
};
const STAGES_THAT_MAKE_A_CLIENT: LeadStage[] = ['Qualified', 'Proposal'];

/**
 * The fields of a lead a client follows. Declared here, not imported from leads: leads calls this after every change,
 * so clients must not depend on the leads feature for it (that made leads/service <-> clients/service a cycle).
 */
export interface FollowedLead {
  _id: ObjectId;
  campaignId: ObjectId;
  name: string;
  email?: string;
  phone?: string;
  company?: string;
  stage: LeadStage;
  assignedTo?: ObjectId | null;
  lastContactAt?: Date;
  nextAction?: string;
  nextActionDate?: Date;
}

/**
 * A lead reaching Potential (stage Qualified) or Proposal becomes a client once; after that the client follows
 * the lead's stage (Closed completes it, Lost drops it) and its agent.
 */
export async function syncClientWithLead(platform: Platform, lead: FollowedLead): Promise<void> {
  const now = platform.clock.now();
  const follow = {
    stage: lead.stage,
    assignedTo: lead.assignedTo ?? null,
    updatedAt: now,
    ...(lead.lastContactAt ? { lastContactAt: lead.lastContactAt } : {}),
  };
  if (STAGES_THAT_MAKE_A_CLIENT.includes(lead.stage)) {
    await upsertClientForLead(
      platform.db,
      {
        leadId: lead._id,
        campaignId: lead.campaignId,
        name: lead.name,
        ...(lead.email ? { email: lead.email } : {}),
        ...(lead.phone ? { phone: lead.phone } : {}),
        ...(lead.company ? { company: lead.company } : {}),
        progress: PROGRESS_FOR_STAGE[lead.stage],
        status: 'active',
        ...(lead.nextAction ? { nextAction: lead.nextAction } : {}),
        ...(lead.nextActionDate ? { nextActionDate: lead.nextActionDate } : {}),
        createdAt: now,
      },
      follow,
    );
    return;
  }
  const client = await findClientByLead(platform.db, lead._id);
  if (!client) return;
  const status: ClientStatus =
    lead.stage === 'Closed' ? 'completed' : lead.stage === 'Lost' ? 'dropped' : client.status;
  await updateClientByLead(platform.db, lead._id, {
    ...follow,
    status,
    ...(lead.stage === 'Closed' ? { progress: 100 } : {}),
  });
}
