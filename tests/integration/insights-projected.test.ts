import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Earnings } from '../../shared/schemas/commissions/earnings.js';
import type { EarningsInsights } from '../../shared/schemas/insights/agent.js';
import { rebuildInsightRollups } from '../../server/features/insights/rollups.js';
import { openLeadsOf } from '../../server/features/leads/open-counts.js';
import { assignLead, leadsCollection, returnLeadToPool } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

// Projected earnings are read from counters the lead and deal writes keep (open leads per agent, campaign and stage;
// standing deals per campaign), not from the leads and deals themselves: each write that moves a lead in or out of
// the pipeline, or a deal in or out of the average, moves the figure as the raw data would.
describe('projected earnings', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let owner: CreatedUser, lead: CreatedUser, agent: CreatedUser;
  let campaignId: string;

  /** The figure on the Insights earnings chart, which must equal the one on the earnings card. */
  async function projected(who: CreatedUser): Promise<Earnings['projected']> {
    const insights = await http.get<EarningsInsights>('/api/insights/earnings', { token: who.accessToken });
    const card = await http.get<Earnings>('/api/earnings', { token: who.accessToken });
    expect(insights.body.projected).toEqual(card.body.projected);
    return insights.body.projected;
  }
  async function closeDeal(leadId: ObjectId, who: CreatedUser, dollars: number): Promise<string> {
    const res = await http.post<{ id: string }>(
      `/api/leads/${leadId}/close`,
      { dealValue: dollars },
      { token: who.accessToken },
    );
    expect(res.status).toBe(201);
    return res.body.id;
  }
  const patch = async (leadId: ObjectId, who: CreatedUser, body: Record<string, string>) =>
    expect((await http.patch(`/api/leads/${leadId}`, body, { token: who.accessToken })).status).toBe(200);

  beforeAll(async () => {
    testApp = await buildTestApp();
    http = client(testApp.url);
    owner = await createUser(testApp, { role: 'owner', name: 'Olga Owner' });
    lead = await createUser(testApp, { name: 'Lena Lead' });
    agent = await createUser(testApp, { name: 'Arno Agent', uplineId: lead.user._id });
    // Full stack 30%, level-1 override 5%.
    campaignId = (await createTestCampaign(testApp, owner.user, { name: 'Projected Campaign' })).id;
    for (const member of [lead, agent]) await joinTestCampaign(testApp, member.user, campaignId);
  }, 60_000);
  afterAll(() => testApp?.close());

  it('follows stage changes, a reassignment, a closed and a cancelled deal', async () => {
    const first = await createAssignedLead(testApp, campaignId, agent.user, 'First Open');
    const second = await createAssignedLead(testApp, campaignId, agent.user, 'Second Open');
    // Open leads, but no deal yet: nothing to average.
    expect(await projected(agent)).toEqual({ own: 0, overrides: 0, openLeads: 2 });

    const seedDeal = await createAssignedLead(testApp, campaignId, agent.user, 'Seed Deal');
    await closeDeal(seedDeal._id, agent, 1_000);
    // Average $1,000; two Qualified leads (weight 0.5) at 30%: 15,000 each; the upline's 5% of that: 750 each.
    expect(await projected(agent)).toEqual({ own: 30_000, overrides: 0, openLeads: 2 });
    expect(await projected(lead)).toEqual({ own: 0, overrides: 1_500, openLeads: 0 });

    // Voicemail moves the second lead to Contacted (weight 0.25): 7,500.
    await patch(second._id, agent, { disposition: 'VM' });
    expect(await projected(agent)).toEqual({ own: 22_500, overrides: 0, openLeads: 2 });

    // The first is closed for $3,000: it leaves the pipeline and the average becomes $2,000 (Contacted: 15,000).
    const closed = await closeDeal(first._id, agent, 3_000);
    expect(await projected(agent)).toEqual({ own: 15_000, overrides: 0, openLeads: 1 });
    expect(await projected(lead)).toEqual({ own: 0, overrides: 750, openLeads: 0 });

    // The second goes back to the pool and is handed to the upline: it is now their own open lead.
    const idle = await leadsCollection(testApp.platform.db).findOne({ _id: second._id });
    expect(
      await returnLeadToPool(
        testApp.platform.db,
        idle!,
        new Date(),
        'Returned to the pool after 48 h without a status change',
      ),
    ).not.toBeNull();
    expect(await projected(agent)).toEqual({ own: 0, overrides: 0, openLeads: 0 });
    expect(
      await assignLead(
        testApp.platform.db,
        { leadId: second._id, agentId: lead.user._id },
        new Date(),
        'Assigned by distribution',
      ),
    ).not.toBeNull();
    expect(await projected(lead)).toEqual({ own: 15_000, overrides: 0, openLeads: 1 });

    // Cancelling the $3,000 deal takes it out of the average ($1,000 again).
    expect(
      (
        await http.post(
          `/api/deals/${closed}/cancel`,
          { reason: 'cancelled', note: 'Customer cancelled' },
          { token: owner.accessToken },
        )
      ).status,
    ).toBe(200);
    expect(await projected(lead)).toEqual({ own: 7_500, overrides: 0, openLeads: 1 });

    // Rejected: Lost, out of the pipeline.
    await patch(second._id, lead, { disposition: 'Rejected' });
    expect(await projected(lead)).toEqual({ own: 0, overrides: 0, openLeads: 0 });
  }, 60_000);

  it('holds the same counters a recount from the leads and deals gives', async () => {
    const ids = [lead.user._id, agent.user._id];
    const sorted = (rows: Awaited<ReturnType<typeof openLeadsOf>>) =>
      rows.map((r) => `${r.assignedTo}:${r.campaignId}:${r.stage}:${r.count}`).sort();
    await createAssignedLead(testApp, campaignId, agent.user, 'Kept Open');
    const kept = sorted(await openLeadsOf(testApp.platform.db, ids));
    const before = await projected(agent);
    await testApp.platform.db.collection('lead_open_counts').deleteMany({});
    await testApp.platform.db.collection('campaign_deal_stats').deleteMany({});
    await rebuildInsightRollups(testApp.platform);
    expect(sorted(await openLeadsOf(testApp.platform.db, ids))).toEqual(kept);
    expect(await projected(agent)).toEqual(before);
  }, 60_000);
});
