import { ObjectId } from 'mongodb';
import type { CampaignCreateBody } from '../../shared/schemas/campaigns/save.js';
import { createCampaign, joinCampaign } from '../../server/features/campaigns/service.js';
import { insertLeads, type LeadDoc } from '../../server/features/leads/repository.js';
import type { UserDoc } from '../../server/features/users/repository.js';
import type { TestApp } from './app.js';

/** A campaign made through the campaigns service by its owner (an owner or admin user). */
export async function createTestCampaign(
  testApp: TestApp,
  owner: UserDoc,
  overrides: Partial<CampaignCreateBody> = {},
) {
  return createCampaign(testApp.platform, owner, {
    name: `Test Campaign ${new ObjectId().toHexString().slice(-6)}`,
    description: 'A campaign for tests',
    status: 'active',
    roleNeeded: 'Both',
    payoutRange: '$500-$2500',
    commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
    holdDays: 7,
    ...overrides,
  });
}

export async function joinTestCampaign(testApp: TestApp, user: UserDoc, campaignId: string): Promise<void> {
  await joinCampaign(testApp.platform, user, campaignId);
}

/** A lead assigned to `agent` (leads normally arrive by import and distribution). */
export async function createAssignedLead(
  testApp: TestApp,
  campaignId: string,
  agent: UserDoc,
  name = 'Lead Person',
): Promise<LeadDoc> {
  const now = testApp.platform.clock.now();
  const lead: LeadDoc = {
    _id: new ObjectId(),
    campaignId: new ObjectId(campaignId),
    name,
    email: `${new ObjectId().toHexString()}@lead.test`,
    source: 'test',
    leadType: 'Individual',
    details: {},
    assignedTo: agent._id,
    assignedAt: now,
    disposition: 'Potential',
    stage: 'Qualified',
    dispositionAt: now,
    history: [],
    createdAt: now,
    updatedAt: now,
  };
  await insertLeads(testApp.platform.db, [lead]);
  return lead;
}
