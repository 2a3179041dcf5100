import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../shared/constants.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import { callsCollection, type CallDoc } from '../../server/features/dialer/repository.js';
import { findLeadById } from '../../server/features/leads/repository.js';
import { signFileLink } from '../../server/platform/file-links.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { joinTestCampaign } from '../support/campaign-factories.js';
import {
  connectDialer,
  createCallableLead,
  dialingCampaign,
  recordCallStates,
  storedCall,
  waitForCallState,
  zoneWithLocalHour,
} from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

// Rules of the dialer over HTTP and sockets, on real Redis, MongoDB and workers. These tests do not
// assert the spec's timings, so the simulator runs 10x faster (ring 200 ms, end 50 ms, idle 100 ms).
let testApp: TestApp;
let http: ReturnType<typeof client>;
let campaignId: string;
let owner: CreatedUser;
let alice: CreatedUser;
let bob: CreatedUser;
let admin: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ simulator: { speed: 10 } });
  http = client(`${testApp.url}/api`);
  const setup = await dialingCampaign(testApp, 2);
  campaignId = setup.campaignId;
  owner = setup.owner;
  [alice, bob] = setup.agents;
  admin = await createUser(testApp, { role: 'admin' });
  await connectDialer(testApp, owner.accessToken);
});

afterAll(async () => {
  await testApp?.close();
});

const callDoc = (id: string) => storedCall(testApp, id);
const waitForState = (id: string, state: string) => waitForCallState(testApp, id, state, 10_000);

describe('the dialer', () => {
  it('refuses a call before the phone service is connected, and a blank number', async () => {
    const fresh = await createUser(testApp);
    const notConnected = await http.post('/dialer/calls', { phone: '5551234567' }, { token: fresh.accessToken });
    expect(notConnected.status).toBe(409);
    expect(notConnected.body).toMatchObject({
      error: 'Zoom Phone not connected',
      code: 'CONFLICT',
      reason: 'PHONE_NOT_CONNECTED',
    });
    const blank = await http.post('/dialer/calls', { phone: '  ' }, { token: alice.accessToken });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      error: 'Please enter a phone number',
      code: 'VALIDATION',
      reason: 'BLANK_NUMBER',
    });
  });

  it('places a call that every tab follows live, persists its timeline, records it and moves the lead', async () => {
    const lead = await createCallableLead(testApp, campaignId, alice.user, '5552001001', { name: 'Ada Answer' });
    const [tab1, tab2] = [await testApp.socket(alice.accessToken), await testApp.socket(alice.accessToken)];
    const seen1 = recordCallStates(tab1);
    const seen2 = recordCallStates(tab2);

    const started = await http.post<CallView>(
      '/dialer/calls',
      { phone: '5552001001', leadId: lead._id.toHexString() },
      { token: alice.accessToken },
    );
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ state: 'calling', name: 'Ada Answer', campaignId, direction: 'outbound' });
    const id = started.body.id;
    await waitForState(id, 'connected');
    const notes = await http.patch<CallView>(
      `/dialer/calls/${id}`,
      { notes: 'Wants a suite' },
      { token: alice.accessToken },
    );
    expect(notes.body.notes).toBe('Wants a suite');
    await waitForState(id, 'idle');

    const doc = await callDoc(id);
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);
    expect(doc).toMatchObject({ status: 'answered', notes: 'Wants a suite' });
    expect(doc.live).toBeUndefined();
    for (const seen of [seen1, seen2]) {
      await eventually(async () => (seen.some((s) => s.call?.id === id && s.call.state === 'idle') ? true : undefined));
      const messages = seen.filter((s) => s.call?.id === id && s.message).map((s) => s.message);
      expect(messages).toEqual([
        'Calling (555) 200-1001...',
        'Call connected to (555) 200-1001',
        'Call completed to (555) 200-1001',
      ]);
      // Clients pick each toast's tone by its code, never by its text.
      expect(seen.filter((s) => s.call?.id === id && s.message).map((s) => s.notice)).toEqual([
        'calling',
        'call-connected',
        'call-completed',
      ]);
    }
    expect(seen1.find((s) => s.message?.startsWith('Call completed'))!.description).toMatch(/^Duration: \d:\d\d$/);

    expect((await findLeadById(testApp.platform.db, lead._id))!.disposition).toBe('Answered');

    // The recording: the agent, the campaign owner and admins only; ranges supported.
    const history = await http.get<{ items: CallView[] }>('/calls', { token: alice.accessToken });
    const signedUrl = history.body.items.find((c) => c.id === id)!.recordingUrl!;
    expect(signedUrl).toMatch(new RegExp(`^/api/calls/${id}/recording\\?sig=[^&]+$`));
    const url = `/api/calls/${id}/recording`;
    const full = await fetch(`${testApp.url}${url}`, { headers: { authorization: `Bearer ${alice.accessToken}` } });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    // Stored as mu-law, played as 16-bit PCM (format 1), which every browser plays.
    expect([bytes.readUInt16LE(20), bytes.readUInt16LE(34)]).toEqual([1, 16]);
    expect(full.headers.get('content-length')).toBe(String(bytes.length));
    const part = await fetch(`${testApp.url}${url}`, {
      headers: { authorization: `Bearer ${owner.accessToken}`, range: 'bytes=0-43' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-43/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 44));
    expect(
      (await fetch(`${testApp.url}${url}`, { headers: { authorization: `Bearer ${admin.accessToken}` } })).status,
    ).toBe(200);
    expect(
      (await fetch(`${testApp.url}${url}`, { headers: { authorization: `Bearer ${bob.accessToken}` } })).status,
    ).toBe(403);

    // The signed URL needs no header (an <audio src> streams it with range requests); a forged, foreign or missing
    // signature opens nothing.
    const bySig = await fetch(`${testApp.url}${signedUrl}`);
    expect(bySig.status).toBe(200);
    expect(Buffer.from(await bySig.arrayBuffer())).toEqual(bytes);
    const rangeBySig = await fetch(`${testApp.url}${signedUrl}`, { headers: { range: 'bytes=44-' } });
    expect(rangeBySig.status).toBe(206);
    expect(rangeBySig.headers.get('content-range')).toBe(`bytes 44-${bytes.length - 1}/${bytes.length}`);
    const sig = new URL(signedUrl, testApp.url).searchParams.get('sig')!;
    expect((await fetch(`${testApp.url}${url}?sig=${sig.slice(0, -2)}xx`)).status).toBe(401);
    expect((await fetch(`${testApp.url}${url}`)).status).toBe(401);
    expect((await fetch(`${testApp.url}/api/calls/${new ObjectId().toHexString()}/recording?sig=${sig}`)).status).toBe(
      401,
    );
    const bobsSig = signFileLink(testApp.platform, 'recording', id, bob.user._id.toHexString());
    expect((await fetch(`${testApp.url}${url}?sig=${bobsSig}`)).status).toBe(403);
    const materialSig = signFileLink(testApp.platform, 'material', id, alice.user._id.toHexString());
    expect((await fetch(`${testApp.url}${url}?sig=${materialSig}`)).status).toBe(401);
    // The owner's Call History signs the URL for the owner; the live call view for the agent.
    const ownerHistory = await http.get<{ items: CallView[] }>('/calls', { token: owner.accessToken });
    const ownerUrl = ownerHistory.body.items.find((c) => c.id === id)!.recordingUrl!;
    expect(ownerUrl.startsWith(`${url}?sig=${owner.user._id.toHexString()}.`)).toBe(true);
    expect((await fetch(`${testApp.url}${ownerUrl}`)).status).toBe(200);
    const ended = seen1.filter((s) => s.call?.id === id && s.call.recordingUrl).at(-1)!;
    expect((await fetch(`${testApp.url}${ended.call!.recordingUrl}`, { headers: { range: 'bytes=0-3' } })).status).toBe(
      206,
    );
    tab1.disconnect();
    tab2.disconnect();
  });

  it('voicemail moves the lead to VM; a missed call leaves it unchanged and has no recording', async () => {
    const vm = await createCallableLead(testApp, campaignId, alice.user, '5552001009');
    const missed = await createCallableLead(testApp, campaignId, alice.user, '5552001000');
    const first = await http.post<CallView>(
      '/dialer/calls',
      { phone: vm.phone, leadId: vm._id.toHexString() },
      { token: alice.accessToken },
    );
    await waitForState(first.body.id, 'idle');
    const second = await http.post<CallView>(
      '/dialer/calls',
      { phone: missed.phone, leadId: missed._id.toHexString() },
      { token: alice.accessToken },
    );
    await waitForState(second.body.id, 'idle');
    expect((await callDoc(first.body.id)).status).toBe('voicemail');
    expect((await findLeadById(testApp.platform.db, vm._id))!.disposition).toBe('VM');
    expect(await callDoc(second.body.id)).toMatchObject({ status: 'missed', duration: 0 });
    expect((await callDoc(second.body.id)).recordingId).toBeUndefined();
    expect((await findLeadById(testApp.platform.db, missed._id))!.disposition).toBe('New');
  });

  it('two tabs cannot start two calls', async () => {
    const answers = await Promise.all(
      ['5553000001', '5553000002'].map((phone) => http.post('/dialer/calls', { phone }, { token: alice.accessToken })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe('Call already in progress');
    const live = await callsCollection(testApp.platform.db).find({ agentId: alice.user._id, live: true }).toArray();
    expect(live).toHaveLength(1);
    const id = answers.find((a) => a.status === 201)!.body.id as string;
    const again = await http.post('/dialer/calls', { phone: '5553000003' }, { token: alice.accessToken });
    expect(again.body.error).toBe('Call already in progress');
    await waitForState(id, 'idle');
  });

  it("agent A can neither end nor mute agent B's call; B can, and gets the spec's errors after it", async () => {
    const call = await http.post<CallView>('/dialer/calls', { phone: '5554000002' }, { token: bob.accessToken });
    const id = call.body.id;
    const end = await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken });
    const mute = await http.post(`/dialer/calls/${id}/mute`, { muted: true }, { token: alice.accessToken });
    const notes = await http.patch(`/dialer/calls/${id}`, { notes: 'x' }, { token: alice.accessToken });
    expect([end.status, mute.status, notes.status]).toEqual([403, 403, 403]);
    expect(end.body.error).toBe('You can only control your own calls.');

    const tab = await testApp.socket(bob.accessToken);
    const seen = recordCallStates(tab);
    await waitForState(id, 'connected');
    expect((await http.post(`/dialer/calls/${id}/mute`, { muted: true }, { token: bob.accessToken })).status).toBe(202);
    await eventually(async () => (seen.some((s) => s.call?.id === id && s.call.muted) ? true : undefined));
    expect((await http.post(`/dialer/calls/${id}/end`, undefined, { token: bob.accessToken })).status).toBe(200);
    await waitForState(id, 'idle');
    const doc = await callDoc(id);
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ending', 'ended', 'idle']);
    expect((await http.post(`/dialer/calls/${id}/end`, undefined, { token: bob.accessToken })).body.error).toBe(
      'No active call to end',
    );
    expect((await http.post(`/dialer/calls/${id}/mute`, { muted: false }, { token: bob.accessToken })).body.error).toBe(
      'No active call to mute/unmute',
    );
    tab.disconnect();
  });

  it('never dials a do-not-call number (campaign list, global list, marked after a call)', async () => {
    const lead = await createCallableLead(testApp, campaignId, alice.user, '5555000001');
    const byAgent = await http.post('/dialer/dnc', { phone: '5555000001', campaignId }, { token: alice.accessToken });
    expect(byAgent.status).toBe(403);
    const byOwner = await http.post(
      '/dialer/dnc',
      { phone: '(555) 500-0001', campaignId },
      { token: owner.accessToken },
    );
    expect(byOwner.status).toBe(201);
    expect((await http.post('/dialer/dnc', { phone: '5555000002' }, { token: owner.accessToken })).status).toBe(403);
    expect((await http.post('/dialer/dnc', { phone: '+1 555 500 0002' }, { token: admin.accessToken })).status).toBe(
      201,
    );

    const refused = await http.post(
      '/dialer/calls',
      { phone: lead.phone, leadId: lead._id.toHexString() },
      { token: alice.accessToken },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('(555) 500-0001 is on the do-not-call list and cannot be dialed.');
    expect((await http.post('/dialer/calls', { phone: '555-500-0002' }, { token: alice.accessToken })).status).toBe(
      403,
    );

    const call = await http.post<CallView>('/dialer/calls', { phone: '5555000003' }, { token: alice.accessToken });
    await waitForState(call.body.id, 'idle');
    expect((await http.post(`/dialer/calls/${call.body.id}/dnc`, undefined, { token: alice.accessToken })).status).toBe(
      201,
    );
    expect((await http.post('/dialer/calls', { phone: '5555000003' }, { token: alice.accessToken })).status).toBe(403);
    expect(
      await callsCollection(testApp.platform.db).countDocuments({ phoneDigits: { $in: ['5555000001', '5555000002'] } }),
    ).toBe(0);
    expect(await callsCollection(testApp.platform.db).countDocuments({ phoneDigits: '5555000003' })).toBe(1);

    const list = await http.get<{ items: Array<{ phone: string }> }>(`/dialer/dnc?campaignId=${campaignId}`, {
      token: owner.accessToken,
    });
    expect(list.body.items.map((i) => i.phone).sort()).toEqual(['5555000001']);
  });

  it("never dials a lead outside 8:00-21:00 in the lead's time zone", async () => {
    const night = await createCallableLead(testApp, campaignId, alice.user, '5556000001', {
      timeZone: zoneWithLocalHour(1, 5),
    });
    const refused = await http.post(
      '/dialer/calls',
      { phone: night.phone, leadId: night._id.toHexString() },
      { token: alice.accessToken },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(
      /^Outside calling hours: it is [1-5]:\d\d for this lead \(Etc\/GMT([+-]\d+)?\); calls are allowed 8:00-21:00 in the lead's time zone\.$/,
    );
    expect(await callsCollection(testApp.platform.db).countDocuments({ leadId: night._id })).toBe(0);
  });

  it('two agents racing for the same lead produce one call', async () => {
    // The lead's agent and the campaign's owner (who may call any lead of it) press Call at once.
    const lead = await createCallableLead(testApp, campaignId, bob.user, '5557000001');
    const body = { phone: lead.phone, leadId: lead._id.toHexString() };
    const answers = await Promise.all([
      http.post('/dialer/calls', body, { token: bob.accessToken }),
      http.post('/dialer/calls', body, { token: owner.accessToken }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe('Another agent is already calling this lead.');
    expect(await callsCollection(testApp.platform.db).countDocuments({ leadId: lead._id })).toBe(1);
    expect((await http.post('/dialer/calls', body, { token: alice.accessToken })).status).toBe(403);
    await waitForState(answers.find((a) => a.status === 201)!.body.id as string, 'idle');
  });

  it(`stops at ${PLAN_LIMITS.callsPerDay} calls a day with a clear message`, async () => {
    const capped = await createUser(testApp);
    await joinTestCampaign(testApp, capped.user, campaignId);
    await connectDialer(testApp, capped.accessToken);
    const now = testApp.platform.clock.now();
    const docs: CallDoc[] = Array.from({ length: PLAN_LIMITS.callsPerDay }, (_, i) => ({
      _id: new ObjectId(),
      agentId: capped.user._id,
      phone: `555800${String(i).padStart(4, '0')}`,
      phoneDigits: `555800${String(i).padStart(4, '0')}`,
      name: `Earlier ${i}`,
      direction: 'outbound',
      state: 'idle',
      status: 'missed',
      muted: false,
      startedAt: new Date(Math.max(now.getTime() - i * 1000, new Date(now).setUTCHours(0, 0, 0, 0))),
      duration: 0,
      timeline: [],
      notes: '',
      autoDialed: false,
      provider: 'Zoom Phone',
    }));
    await callsCollection(testApp.platform.db).insertMany(docs);
    const refused = await http.post('/dialer/calls', { phone: '5559000001' }, { token: capped.accessToken });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("You have reached today's limit of 200 calls. Calling resumes tomorrow.");
    const state = await http.get('/dialer/state', { token: capped.accessToken });
    expect(state.body).toMatchObject({ callsToday: 200, callsPerDay: 200 });
    // The simulator carries no audio from the browser: no ICE servers to hand out.
    expect(state.body.iceServers).toBeUndefined();
  });
});

describe('Call History', () => {
  it('lists, filters, searches and exports what each role may see', async () => {
    const mine = await http.get<{ items: CallView[]; stats: Record<string, number> }>('/calls?limit=100', {
      token: alice.accessToken,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.items.every((c) => c.agentId === alice.user._id.toHexString())).toBe(true);
    const { stats } = mine.body;
    expect(stats.total).toBe(mine.body.items.length);
    expect(stats.averageDuration).toBe(stats.answered ? Math.round(stats.totalDuration / stats.answered) : 0);

    const answered = await http.get<{ items: CallView[] }>('/calls?status=answered', { token: alice.accessToken });
    expect(answered.body.items.length).toBeGreaterThan(0);
    expect(answered.body.items.every((c) => c.status === 'answered' && c.recordingUrl)).toBe(true);
    const search = await http.get<{ items: CallView[] }>('/calls?q=ada%20ANS', { token: alice.accessToken });
    expect(search.body.items.map((c) => c.name)).toEqual(['Ada Answer']);
    const byPhone = await http.get<{ items: CallView[] }>(`/calls?q=${encodeURIComponent('(555) 200-1009')}`, {
      token: alice.accessToken,
    });
    expect(byPhone.body.items).toHaveLength(1);
    const byCampaign = await http.get<{ items: CallView[] }>(`/calls?campaignId=${campaignId}&limit=100`, {
      token: alice.accessToken,
    });
    expect(byCampaign.body.items.every((c) => c.campaignId === campaignId)).toBe(true);
    const future = await http.get<{ items: CallView[] }>('/calls?from=2099-01-01', { token: alice.accessToken });
    expect(future.body.items).toEqual([]);
    const page = await http.get<{ items: CallView[]; nextCursor: string }>('/calls?limit=2', {
      token: alice.accessToken,
    });
    const next = await http.get<{ items: CallView[] }>(`/calls?limit=2&cursor=${page.body.nextCursor}`, {
      token: alice.accessToken,
    });
    expect(next.body.items[0].id).toBe(mine.body.items[2].id);

    const ownerView = await http.get<{ items: CallView[] }>('/calls?limit=100', { token: owner.accessToken });
    expect(ownerView.body.items.some((c) => c.agentId === alice.user._id.toHexString())).toBe(true);
    const bobView = await http.get<{ items: CallView[] }>('/calls?limit=100', { token: bob.accessToken });
    expect(bobView.body.items.some((c) => c.agentId === alice.user._id.toHexString())).toBe(false);

    const csv = await fetch(`${testApp.url}/api/calls/export.csv?status=answered`, {
      headers: { authorization: `Bearer ${alice.accessToken}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="call-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Name,Phone,Campaign,Direction,Status,Duration,Duration (seconds),Agent,Notes,Recording',
    );
    expect(lines).toHaveLength(answered.body.items.length + 1);
    expect(lines.some((l) => l.includes('Ada Answer') && l.includes('Wants a suite') && l.includes(',answered,'))).toBe(
      true,
    );
  });
});
