// The demo leads can be called at any hour: the seed spreads them over US and European zones (plus Cairo and Dubai)
// and gives the demo agent a "Test calls" campaign whose leads are the local carrier's test lines. Each lead is judged
// by the dialer's own compliance check (dialRefusal: the lead's zone, its campaign's hours, US state rules) with the
// clock set to every hour of a winter and a summer day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKING_CAMPAIGNS } from '../../shared/constants.js';
import { campaignsCollection } from '../../server/features/campaigns/repository.js';
import { dialRefusal, resolveTarget } from '../../server/features/dialer/calls-service.js';
import { leadsCollection, type LeadDoc } from '../../server/features/leads/repository.js';
import { callingTimeZone } from '../../server/features/leads/time-zone.js';
import { findUserByEmail, findUserById } from '../../server/features/users/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { seedDemoData } from '../../server/seed/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';

const clock = new ManualClock(new Date('2026-01-14T12:00:00Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false, clock });
  await seedDemoData(testApp.platform);
});
afterAll(() => testApp?.close());

/** Which of these leads their own agent may dial at this instant, by the dialer's rules. */
async function callableAt(iso: string, leads: LeadDoc[], { firstOnly = false } = {}): Promise<LeadDoc[]> {
  clock.set(iso);
  const callable: LeadDoc[] = [];
  for (const lead of leads) {
    const agent = (await findUserById(testApp.platform.db, lead.assignedTo!))!;
    const target = await resolveTarget(testApp.platform, agent, { phone: lead.phone!, leadId: lead._id.toHexString() });
    if (!(await dialRefusal(testApp.platform, agent, target))) callable.push(lead);
    if (firstOnly && callable.length) break;
  }
  return callable;
}

const hoursOf = (day: string) => Array.from({ length: 24 }, (_, h) => `${day}T${String(h).padStart(2, '0')}:30:00Z`);

describe('demo leads', () => {
  it('are spread over US and European zones, and some are callable at every UTC hour, winter and summer', async () => {
    const db = testApp.platform.db;
    const working = await campaignsCollection(db)
      .find({ slug: { $in: WORKING_CAMPAIGNS.map((c) => c.slug) } })
      .toArray();
    const leads = await leadsCollection(db)
      .find({
        campaignId: { $in: working.map((c) => c._id) },
        assignedTo: { $type: 'objectId' },
        phone: { $type: 'string' },
      })
      .toArray();
    expect(leads.length).toBeGreaterThanOrEqual(30);
    const campaignOf = new Map(working.map((c) => [c._id.toHexString(), c]));
    const zoneOf = (lead: LeadDoc) => callingTimeZone(lead, campaignOf.get(lead.campaignId.toHexString()) ?? null);
    const zones = new Set(leads.map(zoneOf));
    for (const zone of ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris'])
      expect(zones).toContain(zone);
    expect(leads.filter((lead) => zoneOf(lead) === 'Africa/Cairo').length).toBeLessThan(leads.length / 4);

    const silentHours: string[] = [];
    for (const at of [...hoursOf('2026-01-14'), ...hoursOf('2026-07-14')])
      if ((await callableAt(at, leads, { firstOnly: true })).length === 0) silentHours.push(at);
    expect(silentHours).toEqual([]);
  });

  it("give the demo agent a Test calls campaign of the carrier's test lines, callable at any hour", async () => {
    const db = testApp.platform.db;
    const agent = (await findUserByEmail(db, 'agent@demo.test'))!;
    const testCalls = await campaignsCollection(db).findOne({ slug: 'test-calls' });
    expect(testCalls).toMatchObject({ name: 'Test calls', status: 'active' });
    const lines = await leadsCollection(db).find({ campaignId: testCalls!._id }).sort({ phone: 1 }).toArray();
    expect(lines.map((lead) => lead.phone)).toEqual([
      '5550100001',
      '5550100002',
      '5550100003',
      '5550100004',
      '5550100005',
      '5550100099',
    ]);
    expect(lines.every((lead) => lead.assignedTo?.equals(agent._id))).toBe(true);
    for (const at of [...hoursOf('2026-01-14'), ...hoursOf('2026-07-14')])
      expect((await callableAt(at, lines)).map((lead) => lead.phone)).toEqual(lines.map((lead) => lead.phone));

    // The seed runs at every start: nothing doubles.
    await seedDemoData(testApp.platform);
    expect(await leadsCollection(db).countDocuments({ campaignId: testCalls!._id })).toBe(lines.length);
  });
});
