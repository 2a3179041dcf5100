import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import type { LeadDetail } from '../../shared/schemas/leads/lead.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { leadsCollection, type LeadDoc } from '../../server/features/leads/repository.js';
import type { Clock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { joinTestCampaign } from '../support/campaign-factories.js';
import { connectDialer, createCallableLead, storedCall } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents, uploadCsv, waitForImport } from '../support/leads.js';

/** Real time moved to a chosen instant: the simulator's steps keep their pace while the rules see that instant. */
class ShiftedClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  set(iso: string): void {
    this.offset = new Date(iso).getTime() - Date.now();
  }
}

const clock = new ShiftedClock();
let testApp: TestApp;
let http: ReturnType<typeof client>;
let main: { id: string; owner: CreatedUser };
let other: { id: string; owner: CreatedUser };
let alice: CreatedUser;
let bob: CreatedUser;

const callDoc = (id: string) => storedCall(testApp, id);
const waitIdle = (id: string) =>
  eventually(async () => ((await callDoc(id))?.state === 'idle' ? true : undefined), 10_000);
const dial = (token: string, body: { phone: string; leadId?: string }) =>
  http.post<CallView & { error?: string }>('/dialer/calls', body, { token });
const leadNamed = (campaignId: string, name: string) =>
  leadsCollection(testApp.platform.db).findOne({ campaignId: new ObjectId(campaignId), name }) as Promise<LeadDoc>;
const hoursText = (local: string, zone: string) =>
  `Outside calling hours: it is ${local} for this lead (${zone}); calls are allowed 8:00-21:00 in the lead's time zone.`;

beforeAll(async () => {
  // Numbers typed by the campaigns' agents are judged in the campaigns' zone (UTC until a test sets one): daytime there.
  clock.set('2026-03-10T15:00:00Z');
  testApp = await buildTestApp({ clock, simulator: { speed: 10 } });
  http = client(`${testApp.url}/api`);
  const first = await createCampaignWithAgents(testApp, 2);
  main = { id: first.campaignId, owner: first.owner };
  [alice, bob] = first.agents;
  const second = await createCampaignWithAgents(testApp, 0, 'Adwords');
  other = { id: second.campaignId, owner: second.owner };
  await joinTestCampaign(testApp, alice.user, other.id);
  await Promise.all([alice, bob, main.owner].map((u) => connectDialer(testApp, u.accessToken)));
});

afterAll(async () => {
  await testApp?.close();
});

describe('do-not-call, wherever the dial comes from', () => {
  it("a number marked from a call to a lead is refused when typed, by that agent and by the campaign's other agents, formatted", async () => {
    const lead = await createCallableLead(testApp, main.id, alice.user, '15553000001', { name: 'Marked Lead' });
    const call = await dial(alice.accessToken, { phone: lead.phone!, leadId: lead._id.toHexString() });
    expect(call.status).toBe(201);
    await waitIdle(call.body.id);
    const marked = await http.post<{ message: string }>(`/dialer/calls/${call.body.id}/dnc`, undefined, {
      token: alice.accessToken,
    });
    expect(marked.status).toBe(201);
    expect(marked.body.message).toBe('(555) 300-0001 added to the do-not-call list');

    for (const [user, typed] of [
      [alice, '5553000001'],
      [alice, '+1 (555) 300-0001'],
      [bob, '15553000001'],
    ] as const) {
      const refused = await dial(user.accessToken, { phone: typed });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('(555) 300-0001 is on the do-not-call list and cannot be dialed.');
    }
    // The campaign's owner calling the lead itself: same list, same formatted number.
    const byOwner = await dial(main.owner.accessToken, { phone: lead.phone!, leadId: lead._id.toHexString() });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.error).toBe('(555) 300-0001 is on the do-not-call list and cannot be dialed.');
    expect(await callsCollection(testApp.platform.db).countDocuments({ phoneDigits: '5553000001' })).toBe(1);

    // Someone who works no campaign with that list may still call the number.
    const outsider = await createUser(testApp);
    await connectDialer(testApp, outsider.accessToken);
    const allowed = await dial(outsider.accessToken, { phone: '5553000001' });
    expect(allowed.status).toBe(201);
    await waitIdle(allowed.body.id);
  });

  it('a number on the list of another campaign the agent works is refused for a lead, and skipped by auto-dial', async () => {
    const added = await http.post(
      '/dialer/dnc',
      { phone: '(555) 300-0002', campaignId: other.id },
      { token: other.owner.accessToken },
    );
    expect(added.status).toBe(201);
    const lead = await createCallableLead(testApp, main.id, alice.user, '5553000002', { name: 'Listed Elsewhere' });
    const byLead = await dial(alice.accessToken, { phone: lead.phone!, leadId: lead._id.toHexString() });
    expect(byLead.status).toBe(403);
    expect(byLead.body.error).toBe('(555) 300-0002 is on the do-not-call list and cannot be dialed.');
    // Bob does not work that campaign: its list does not apply to him.
    const bobLead = await createCallableLead(testApp, main.id, bob.user, '5553000102', { name: 'Bob Lead' });
    const forBob = await dial(bob.accessToken, { phone: bobLead.phone!, leadId: bobLead._id.toHexString() });
    expect(forBob.status).toBe(201);
    await waitIdle(forBob.body.id);

    const socket = await testApp.socket(alice.accessToken);
    const { version } = (await http.get<QueueView>('/dialer/queue', { token: alice.accessToken })).body;
    const queued = await http.put<QueueView>(
      '/dialer/queue',
      {
        version,
        contacts: [
          { name: 'Typed Listed', phone: '15553000002' },
          { name: 'Marked Typed', phone: '555-300-0001' },
          { leadId: lead._id.toHexString(), name: lead.name, phone: lead.phone! },
          { name: 'Fine Number', phone: '5553000090' },
        ],
      },
      { token: alice.accessToken },
    );
    expect(queued.status).toBe(200);
    await http.put('/dialer/auto-dial', { enabled: true }, { token: alice.accessToken });
    const after = await eventually(async () => {
      const queue = (await http.get<QueueView>('/dialer/queue', { token: alice.accessToken })).body;
      return queue.contacts.length === 3 && queue.contacts.every((c) => c.skipReason) ? queue : undefined;
    }, 15_000);
    await http.put('/dialer/auto-dial', { enabled: false }, { token: alice.accessToken });
    expect(after.contacts.map((c) => c.skipReason)).toEqual([
      '(555) 300-0002 is on the do-not-call list and cannot be dialed.',
      '(555) 300-0001 is on the do-not-call list and cannot be dialed.',
      '(555) 300-0002 is on the do-not-call list and cannot be dialed.',
    ]);
    const placed = await callsCollection(testApp.platform.db)
      .find({ agentId: alice.user._id, autoDialed: true })
      .toArray();
    expect(placed.map((c) => c.phoneDigits)).toEqual(['5553000090']);
    await waitIdle(placed[0]._id.toHexString());
    socket.disconnect();
  });
});

describe("calling hours in the lead's own time zone", () => {
  const importCsv = [
    'Name,Phone,Time Zone',
    'Cairo Phone,+20 10 1234 5670,',
    'New York Phone,+1 212 555 0100,',
    'Los Angeles Phone,+1 (415) 555-0100,',
    'Own Field,+20 10 1234 5680,America/New_York',
    'No Zone,+1 555 300 0110,',
    'Bad Zone,+1 212 555 0190,Mars/Olympus',
  ].join('\n');

  async function callAsOwner(lead: LeadDoc): Promise<{ status: number; error?: string }> {
    const answer = await dial(main.owner.accessToken, { phone: lead.phone!, leadId: lead._id.toHexString() });
    if (answer.status === 201) await waitIdle(answer.body.id);
    return { status: answer.status, error: answer.body.error as string | undefined };
  }

  it('a campaign has an editable, validated IANA time zone and calling hours', async () => {
    const path = `/campaigns/${main.id}`;
    const before = await http.get<CampaignDetail>(path, { token: main.owner.accessToken });
    expect(before.body).toMatchObject({ timeZone: 'UTC', callingHours: { start: '08:00', end: '21:00' } });
    const badZone = await http.patch(path, { timeZone: 'Mars/Olympus' }, { token: main.owner.accessToken });
    expect(badZone.status).toBe(400);
    expect(badZone.body.error).toBe('Choose a time zone from the list (e.g. America/New_York).');
    const badHours = await http.patch(
      path,
      { callingHours: { start: '21:00', end: '08:00' } },
      { token: main.owner.accessToken },
    );
    expect(badHours.status).toBe(400);
    expect(badHours.body.error).toBe('Calling hours must start before they end (HH:MM, 24-hour).');
    const byAgent = await http.patch(path, { timeZone: 'Europe/Paris' }, { token: alice.accessToken });
    expect(byAgent.status).toBe(403);
    expect((await http.get<CampaignDetail>(path, { token: main.owner.accessToken })).body.timeZone).toBe('UTC');

    const saved = await http.patch<CampaignDetail>(path, { timeZone: 'US/Eastern' }, { token: main.owner.accessToken });
    expect(saved.status).toBe(200);
    expect(saved.body.timeZone).toBe('America/New_York');
    const created = await http.post<CampaignDetail>(
      '/campaigns',
      {
        name: 'Cairo Hotels',
        description: 'Hotels in Cairo',
        status: 'active',
        roleNeeded: 'Both',
        payoutRange: '$100-$200',
        commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
        timeZone: 'Africa/Cairo',
        callingHours: { start: '09:00', end: '18:30' },
      },
      { token: main.owner.accessToken },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ timeZone: 'Africa/Cairo', callingHours: { start: '09:00', end: '18:30' } });
  });

  it('takes the zone from the imported field, else the phone number (+20 Cairo, +1 212 New York, +1 415 Los Angeles), else the campaign, across a DST change', async () => {
    clock.set('2026-03-07T12:30:00Z'); // a Saturday: 7:30 EST in New York, 4:30 PST in Los Angeles, 14:30 in Cairo
    const upload = await uploadCsv(testApp, main.owner.accessToken, main.id, importCsv);
    expect(upload.status).toBe(202);
    const status = await waitForImport(testApp, main.owner.accessToken, upload.body.importId as string);
    expect(status).toMatchObject({
      imported: 5,
      skipped: 1,
      reasons: { 'Unknown time zone (use an IANA name such as America/New_York)': 1 },
    });
    const [cairo, newYork, losAngeles, ownField, noZone] = await Promise.all(
      ['Cairo Phone', 'New York Phone', 'Los Angeles Phone', 'Own Field', 'No Zone'].map((name) =>
        leadNamed(main.id, name),
      ),
    );
    expect([cairo.timeZone, newYork.timeZone, losAngeles.timeZone, ownField.timeZone, noZone.timeZone]).toEqual([
      'Africa/Cairo',
      'America/New_York',
      'America/Los_Angeles',
      'America/New_York',
      undefined,
    ]);
    const shown = await http.get<LeadDetail>(`/leads/${noZone._id.toHexString()}`, { token: main.owner.accessToken });
    expect(shown.body.lead.timeZone).toBe('America/New_York'); // the campaign's, set in the test above

    expect(await callAsOwner(newYork)).toEqual({ status: 403, error: hoursText('7:30', 'America/New_York') });
    expect(await callAsOwner(losAngeles)).toEqual({ status: 403, error: hoursText('4:30', 'America/Los_Angeles') });
    expect(await callAsOwner(ownField)).toEqual({ status: 403, error: hoursText('7:30', 'America/New_York') });
    expect(await callAsOwner(noZone)).toEqual({ status: 403, error: hoursText('7:30', 'America/New_York') });
    expect((await callAsOwner(cairo)).status).toBe(201);

    clock.set('2026-03-08T12:30:00Z'); // the same UTC time after New York moved to EDT: 8:30 there, 5:30 in Los Angeles
    expect((await callAsOwner(newYork)).status).toBe(201);
    expect((await callAsOwner(ownField)).status).toBe(201);
    expect(await callAsOwner(losAngeles)).toEqual({ status: 403, error: hoursText('5:30', 'America/Los_Angeles') });
    clock.set('2026-03-08T15:30:00Z'); // 8:30 PDT
    expect((await callAsOwner(losAngeles)).status).toBe(201);

    clock.set('2026-03-09T00:37:00Z'); // 2:37 in Cairo, not 0:37 UTC
    expect(await callAsOwner(cairo)).toEqual({ status: 403, error: hoursText('2:37', 'Africa/Cairo') });
    await http.patch(`/campaigns/${main.id}`, { timeZone: 'UTC' }, { token: main.owner.accessToken });
    expect(await callAsOwner(noZone)).toEqual({ status: 403, error: hoursText('0:37', 'UTC') });
  });

  it("follows the campaign's calling hours, for queue and auto-dial as for a lead", async () => {
    clock.set('2026-03-10T13:30:00Z'); // 9:30 EDT
    const narrow = await http.patch(
      `/campaigns/${main.id}`,
      { callingHours: { start: '10:00', end: '17:00' } },
      { token: main.owner.accessToken },
    );
    expect(narrow.status).toBe(200);
    const early = await createCallableLead(testApp, main.id, alice.user, '12125550170', { name: 'Too Early' });
    await leadsCollection(testApp.platform.db).updateOne({ _id: early._id }, { $unset: { timeZone: '' } });
    const refused = await dial(alice.accessToken, { phone: early.phone!, leadId: early._id.toHexString() });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      "Outside calling hours: it is 9:30 for this lead (America/New_York); calls are allowed 10:00-17:00 in the lead's time zone.",
    );

    const socket = await testApp.socket(alice.accessToken);
    const { version } = (await http.get<QueueView>('/dialer/queue', { token: alice.accessToken })).body;
    await http.put(
      '/dialer/queue',
      { version, contacts: [{ leadId: early._id.toHexString(), name: early.name, phone: early.phone! }] },
      { token: alice.accessToken },
    );
    await http.put('/dialer/auto-dial', { enabled: true }, { token: alice.accessToken });
    const skipped = await eventually(async () => {
      const queue = (await http.get<QueueView>('/dialer/queue', { token: alice.accessToken })).body;
      return queue.contacts[0]?.skipReason ? queue : undefined;
    }, 15_000);
    await http.put('/dialer/auto-dial', { enabled: false }, { token: alice.accessToken });
    expect(skipped.contacts[0].skipReason).toBe(refused.body.error);
    expect(await callsCollection(testApp.platform.db).countDocuments({ leadId: early._id })).toBe(0);

    clock.set('2026-03-10T14:00:00Z'); // 10:00 EDT: the window opens
    const allowed = await dial(alice.accessToken, { phone: early.phone!, leadId: early._id.toHexString() });
    expect(allowed.status).toBe(201);
    await waitIdle(allowed.body.id);
    socket.disconnect();
  });
});
