import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { joinTestCampaign } from '../support/campaign-factories.js';
import { connectDialer, createCallableLead } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';

// A typed number (no lead) is judged in the zone of a lead of the caller's with that number, else the number's own
// zone, else the caller's campaigns' zone when they agree. Each placed call is by its own agent: one live call each.
const clock = new ManualClock(new Date('2026-03-07T12:30:00Z'));
let testApp: TestApp;
let http: ReturnType<typeof client>;
let campaignId: string;
let owner: CreatedUser;
let agents: CreatedUser[];

const dial = (user: CreatedUser, phone: string) =>
  http.post<CallView & { error?: string }>('/dialer/calls', { phone }, { token: user.accessToken });
const outside = (local: string, zone: string) => ({
  status: 403,
  error: `Outside calling hours: it is ${local} for this lead (${zone}); calls are allowed 8:00-21:00 in the lead's time zone.`,
});
const answer = async (user: CreatedUser, phone: string) => {
  const res = await dial(user, phone);
  return res.status === 201 ? { status: 201 } : { status: res.status, error: res.body.error };
};

beforeAll(async () => {
  testApp = await buildTestApp({ clock, simulator: { speed: 10 } });
  http = client(`${testApp.url}/api`);
  const setup = await createCampaignWithAgents(testApp, 9);
  ({ campaignId, owner, agents } = setup);
  const zoned = await http.patch(
    `/campaigns/${campaignId}`,
    { timeZone: 'America/Chicago' },
    { token: owner.accessToken },
  );
  expect(zoned.status).toBe(200);
  await Promise.all(agents.map((agent) => connectDialer(testApp, agent.accessToken)));
});

afterAll(async () => {
  await testApp?.close();
});

describe('calling hours for a number typed without a lead', () => {
  it("uses the number's own zone (+1 212 New York, +1 415 Los Angeles, +20 Cairo) across the US change to daylight saving time", async () => {
    clock.set('2026-03-07T12:30:00Z'); // 7:30 EST in New York, 4:30 PST in Los Angeles, 14:30 in Cairo, 6:30 in Chicago
    expect(await answer(agents[0], '+1 (212) 555-0101')).toEqual(outside('7:30', 'America/New_York'));
    expect(await answer(agents[0], '415-555-0102')).toEqual(outside('4:30', 'America/Los_Angeles'));
    expect(await answer(agents[0], '+20 10 1234 5678')).toEqual({ status: 201 });

    clock.set('2026-03-08T12:30:00Z'); // the same UTC time after New York moved to EDT: 8:30 there, 5:30 in Los Angeles
    expect(await answer(agents[1], '14155550102')).toEqual(outside('5:30', 'America/Los_Angeles'));
    expect(await answer(agents[1], '+1 212 555 0101')).toEqual({ status: 201 });
    clock.set('2026-03-08T15:30:00Z'); // 8:30 PDT
    expect(await answer(agents[2], '(415) 555-0102')).toEqual({ status: 201 });

    clock.set('2026-03-09T00:37:00Z'); // 2:37 in Cairo, not 0:37 UTC
    expect(await answer(agents[3], '+201012345678')).toEqual(outside('2:37', 'Africa/Cairo'));
  });

  it("uses the zone of a lead of the caller's with that number, and never another agent's lead", async () => {
    clock.set('2026-03-07T12:30:00Z'); // 14:30 in Cairo, 6:30 in Chicago
    await createCallableLead(testApp, campaignId, agents[4].user, '15553007001', {
      name: 'Cairo Client',
      timeZone: 'Africa/Cairo',
    });
    // Agent 5 cannot see that lead: the number says nothing, so the campaign's zone decides.
    expect(await answer(agents[5], '555-300-7001')).toEqual(outside('6:30', 'America/Chicago'));
    expect(await answer(agents[4], '(555) 300-7001')).toEqual({ status: 201 });
    // The campaign's owner sees every lead of the campaign.
    expect(await answer(owner, '5553007001').then((a) => a.error)).not.toMatch(/^Outside calling hours/);
  });

  it("falls back to the caller's campaign zone only when all their campaigns share it; with no zone at all the number is not judged on hours", async () => {
    clock.set('2026-03-07T12:30:00Z'); // 6:30 in Chicago
    expect(await answer(agents[6], '555-300-7002')).toEqual(outside('6:30', 'America/Chicago'));
    const tokyo = await createCampaignWithAgents(testApp, 0, 'Tokyo Desk');
    await http.patch(`/campaigns/${tokyo.campaignId}`, { timeZone: 'Asia/Tokyo' }, { token: tokyo.owner.accessToken });
    await joinTestCampaign(testApp, agents[6].user, tokyo.campaignId);
    expect(await answer(agents[6], '555-300-7002')).toEqual({ status: 201 });

    const outsider = await createUser(testApp);
    await connectDialer(testApp, outsider.accessToken);
    expect(await answer(outsider, '555-300-7003')).toEqual({ status: 201 });
  });

  it('queue and auto-dial skip a typed contact outside its hours with the same refusal', async () => {
    clock.set('2026-03-07T12:30:00Z');
    const agent = agents[7];
    const socket = await testApp.socket(agent.accessToken);
    const { version } = (await http.get<QueueView>('/dialer/queue', { token: agent.accessToken })).body;
    const queued = await http.put<QueueView>(
      '/dialer/queue',
      { version, contacts: [{ name: 'Typed Early', phone: '+1 212 555 0109' }] },
      { token: agent.accessToken },
    );
    expect(queued.status).toBe(200);
    await http.put('/dialer/auto-dial', { enabled: true }, { token: agent.accessToken });
    const skipped = await eventually(async () => {
      const queue = (await http.get<QueueView>('/dialer/queue', { token: agent.accessToken })).body;
      return queue.contacts[0]?.skipReason ? queue : undefined;
    }, 15_000);
    await http.put('/dialer/auto-dial', { enabled: false }, { token: agent.accessToken });
    expect(skipped.contacts[0].skipReason).toBe(outside('7:30', 'America/New_York').error);
    expect(await callsCollection(testApp.platform.db).countDocuments({ agentId: new ObjectId(agent.user._id) })).toBe(
      0,
    );
    socket.disconnect();
  });
});
