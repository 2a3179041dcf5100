import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCounters } from '../../server/features/insights/counter-audit.js';
import { openLeadsOf } from '../../server/features/leads/open-counts.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';

// A process that dies between a lead write and its counter update leaves the counter off; the audit finds that by a
// recount, and corrects it only when a second look finds it off by the same amount (a write in flight during the
// first look has landed by the second).
describe('counter audit', () => {
  let testApp: TestApp;
  let owner: CreatedUser, agent: CreatedUser;
  let campaignId: string;
  const open = async () =>
    (await openLeadsOf(testApp.platform.db, [agent.user._id])).map((r) => `${r.stage}:${r.count}`).sort();

  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    owner = await createUser(testApp, { role: 'owner', name: 'Olga Owner' });
    agent = await createUser(testApp, { name: 'Arno Agent' });
    campaignId = (await createTestCampaign(testApp, owner.user, { name: 'Audit Campaign' })).id;
  }, 60_000);
  afterAll(() => testApp?.close());

  it('finds nothing off when every write moved its counters', async () => {
    await createAssignedLead(testApp, campaignId, agent.user, 'Counted Lead');
    const audit = await auditCounters(testApp.platform, false);
    expect(audit.drifting).toEqual({ lead_open_counts: 0, lead_flow_counts: 0, campaign_deal_stats: 0 });
    expect(await testApp.platform.queues.insights.getDelayedCount()).toBe(0);
  });

  it('corrects a lost counter update after two looks agree, and nothing a write in flight explains', async () => {
    expect(await open()).toEqual(['Qualified:1']);
    const crashed = await createAssignedLead(testApp, campaignId, agent.user, 'Crashed Lead');
    // The lead write landed, its counter update did not (the process died in between): Lost, yet counted open.
    await leadsCollection(testApp.platform.db).updateOne(
      { _id: crashed._id },
      { $set: { disposition: 'Rejected', stage: 'Lost' } },
    );
    // Another lead's flow update is still in flight during the first look.
    const inFlight = await createAssignedLead(testApp, campaignId, agent.user, 'In Flight');
    const day = new Date(Math.floor(inFlight.createdAt.getTime() / 86_400_000) * 86_400_000);
    const flowId = `${campaignId}:${day.toISOString().slice(0, 10)}`;
    const slot = Math.floor((inFlight.createdAt.getTime() - day.getTime()) / 900_000);
    const moveImported = (n: number) =>
      testApp.platform.db
        .collection<{ _id: string }>('lead_flow_counts')
        .updateOne({ _id: flowId }, { $inc: { 'totals.imported': n, [`slots.${slot}.imported`]: n } });
    await moveImported(-1);

    const first = await auditCounters(testApp.platform, false);
    expect(first.drifting).toEqual({ lead_open_counts: 1, lead_flow_counts: 1, campaign_deal_stats: 0 });
    expect(first.corrected).toEqual({});
    expect(await open()).toEqual(['Qualified:3']);
    expect(await testApp.platform.queues.insights.getDelayedCount()).toBe(1);

    await moveImported(1);
    const second = await auditCounters(testApp.platform, true);
    expect(second.corrected).toEqual({ lead_open_counts: 1, lead_flow_counts: 0, campaign_deal_stats: 0 });
    expect(await open()).toEqual(['Qualified:2']);
    expect((await auditCounters(testApp.platform, false)).drifting).toEqual({
      lead_open_counts: 0,
      lead_flow_counts: 0,
      campaign_deal_stats: 0,
    });
  });
});
