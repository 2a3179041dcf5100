import type { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignInsights } from '../../shared/schemas/insights/campaigns.js';
import { rebuildInsightRollups } from '../../server/features/insights/rollups.js';
import { assignLead, leadsCollection, returnLeadToPool } from '../../server/features/leads/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';
import { leadsCsv, uploadCsv, waitForImport } from '../support/leads.js';

/**
 * A campaign's lead flow is read from counters every lead write moves, not from the leads: a lead counts as imported
 * when created (and no longer staged), distributed at its assignedAt, worked at its dispositionAt once its status is
 * not New; a return to the pool is recycled where it happened. New York is on daylight time (UTC-4) from Mar 8.
 *
 *   Mar 10 11:00 NY  L1 created assigned to Arno (Potential)          imported, distributed, worked
 *   Mar 10 11:00 NY  two leads imported from a CSV, into the pool      imported x2
 *   Mar 11 11:00 NY  P1 assigned to Bea                                distributed
 *   Mar 11 12:00 NY  Bea sets P1 to VM                                 worked
 *   Mar 12 11:00 NY  P1 returned to the pool                           distributed of Mar 11 undone; recycled
 *   Mar 12 23:30 NY  P1 assigned to Arno (Mar 13 in UTC)               distributed; worked moves from Mar 11
 *   Mar 12 23:30 NY  Arno sets L1 to Rejected                          worked moves from Mar 10
 */
describe('campaign lead flow', () => {
  const clock = new ManualClock(new Date('2026-03-10T15:00:00Z'));
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let owner: CreatedUser, arno: CreatedUser, bea: CreatedUser;
  let campaignId: string;
  const flow = async (from: string, to: string) => {
    const query = new URLSearchParams({ period: 'custom', from, to, tz: 'America/New_York' });
    const res = await http.get<CampaignInsights>(`/api/insights/campaigns?${query}`, { token: owner.accessToken });
    expect(res.status).toBe(200);
    const { imported, distributed, worked, recycled } = res.body.campaigns.find((c) => c.campaignId === campaignId)!;
    return { imported, distributed, worked, recycled };
  };
  const patch = async (leadId: ObjectId, who: CreatedUser, body: Record<string, string>) =>
    expect((await http.patch(`/api/leads/${leadId}`, body, { token: who.accessToken })).status).toBe(200);

  beforeAll(async () => {
    testApp = await buildTestApp({ clock });
    http = client(testApp.url);
    owner = await createUser(testApp, { role: 'owner', name: 'Olga Owner' });
    arno = await createUser(testApp, { name: 'Arno Agent' });
    bea = await createUser(testApp, { name: 'Bea Agent' });
    // Nobody joins: the imported leads stay in the pool until this test hands them out.
    campaignId = (await createTestCampaign(testApp, owner.user, { name: 'Flow Campaign' })).id;

    const l1 = await createAssignedLead(testApp, campaignId, arno.user, 'Lead One');
    const upload = await uploadCsv(testApp, owner.accessToken, campaignId, leadsCsv(2));
    expect(upload.status).toBe(202);
    expect((await waitForImport(testApp, owner.accessToken, String(upload.body.importId))).status).toBe('completed');
    const p1 = (await leadsCollection(testApp.platform.db).findOne(
      { campaignId: l1.campaignId, pool: true },
      { sort: { _id: 1 } },
    ))!;

    clock.set(new Date('2026-03-11T15:00:00Z'));
    expect(
      await assignLead(
        testApp.platform.db,
        { leadId: p1._id, agentId: bea.user._id },
        clock.now(),
        'Assigned by distribution',
      ),
    ).not.toBeNull();
    clock.set(new Date('2026-03-11T16:00:00Z'));
    await patch(p1._id, bea, { disposition: 'VM' });

    clock.set(new Date('2026-03-12T15:00:00Z'));
    const idle = (await leadsCollection(testApp.platform.db).findOne({ _id: p1._id }))!;
    expect(
      await returnLeadToPool(
        testApp.platform.db,
        idle,
        clock.now(),
        'Returned to the pool after 48 h without a status change',
      ),
    ).not.toBeNull();

    clock.set(new Date('2026-03-13T03:30:00Z'));
    expect(
      await assignLead(
        testApp.platform.db,
        { leadId: p1._id, agentId: arno.user._id },
        clock.now(),
        'Assigned by distribution',
      ),
    ).not.toBeNull();
    await patch(l1._id, arno, { disposition: 'Rejected' });
  }, 90_000);
  afterAll(() => testApp?.close());

  it('places each lead by its current fields and each return where it happened, in local days', async () => {
    expect(await flow('2026-03-10', '2026-03-12')).toEqual({ imported: 3, distributed: 2, worked: 2, recycled: 1 });
    expect(await flow('2026-03-10', '2026-03-11')).toEqual({ imported: 3, distributed: 1, worked: 0, recycled: 0 });
    expect(await flow('2026-03-12', '2026-03-12')).toEqual({ imported: 0, distributed: 1, worked: 2, recycled: 1 });
    // Mar 13 in UTC, still Mar 12 in New York.
    expect(await flow('2026-03-13', '2026-03-13')).toEqual({ imported: 0, distributed: 0, worked: 0, recycled: 0 });
  });

  it('holds the same figures a recount from the leads gives', async () => {
    const kept = await flow('2026-03-10', '2026-03-12');
    await testApp.platform.db.collection('lead_flow_counts').deleteMany({});
    await rebuildInsightRollups(testApp.platform);
    expect(await flow('2026-03-10', '2026-03-12')).toEqual(kept);
    expect(await flow('2026-03-10', '2026-03-11')).toEqual({ imported: 3, distributed: 1, worked: 0, recycled: 0 });
  });
});
