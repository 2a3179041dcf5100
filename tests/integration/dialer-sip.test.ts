// PHONE_PROVIDER=sip end to end on this machine, on the default call model (every call a Janus AudioBridge room, the
// lead's SIP leg placed by the server) against the local carrier (the SIPp lead phone), with a WebRTC peer (werift)
// playing the agent's browser over the app's socket. The dial goes through the app's API and its checks; the lead
// phone's log shows what really reached it. The room model's own faults (re-attach, agent-lost, gateway-failure):
// dialer-sip-room.test.ts.
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { DialerState } from '../../shared/schemas/dialer/state.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { findLeadById } from '../../server/features/leads/repository.js';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import type { TestApp } from '../support/app.js';
import {
  autoDialOverWebrtc,
  createCallableLead,
  recordCallStates,
  storedCall,
  waitForCallState,
  zoneWithLocalHour,
} from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { rms, startSipTestApp, type SipTestApp } from '../support/sip-app.js';
import { WebrtcAgentTab, WebrtcAutoDialTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)('dialer with PHONE_PROVIDER=sip through Janus to the local carrier', () => {
  let sip: SipTestApp;
  let carrier: LocalCarrier;
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let campaignId: string;
  let alice: CreatedUser;
  let admin: CreatedUser;
  let owner: CreatedUser;
  const tabs: Array<WebrtcAgentTab | WebrtcAutoDialTab> = [];

  beforeAll(async () => {
    sip = await startSipTestApp({
      env: {
        SIP_RING_TIMEOUT_S: '3',
        WEBRTC_ICE_URLS: 'stun:stun.example.com:3478,turn:turn.example.com:3478',
        TURN_SECRET: 'north-secret',
      },
    });
    ({ carrier, testApp, http, campaignId, owner } = sip);
    [alice] = sip.agents;
    admin = await createUser(testApp, { role: 'admin' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await sip?.close();
  });

  const callDoc = (id: string) => storedCall(testApp, id);
  const waitForState = (id: string, state: string, ms = 20_000) => waitForCallState(testApp, id, state, ms);
  const logFor = (number: string) => readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === number);

  /** What the agent's tab does on a click on Call: offer first (acked), then the API call. */
  async function dialFromTab(phone: string, extra: { leadId?: string } = {}) {
    const socket = await testApp.socket(alice.accessToken);
    const states = recordCallStates(socket);
    const tab = new WebrtcAgentTab(socket);
    tabs.push(tab);
    expect(await tab.offer()).toEqual({ ok: true });
    const started = await http.post<CallView>('/dialer/calls', { phone, ...extra }, { token: alice.accessToken });
    return { tab, states, started };
  }

  const recordingOf = (id: string) => sip.recordingOf(id, alice.accessToken);

  /**
   * The agent's tabs all closed, and the server sees no connection of theirs in the agent's room any more: with the
   * room model a call needs no offer while a tab's connection is in the room, so "no offer" means no tab at all.
   */
  async function closeEveryTab() {
    await Promise.all(tabs.splice(0).map((tab) => tab.close()));
    const media = testApp.platform.phone.media!;
    await eventually(
      async () =>
        (await media.offerReady(alice.user._id.toHexString(), { since: new Date(), withinMs: 0 })) ? undefined : true,
      10_000,
    );
  }

  /** Dials `phone` from the tab and waits for a call that never connects: calling -> ended -> idle, missed, no length. */
  async function dialMissed(phone: string) {
    const { states, started } = await dialFromTab(phone);
    expect(started.status).toBe(201);
    const id = started.body.id;
    await waitForState(id, 'idle');
    const doc = await callDoc(id);
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'ended', 'idle']);
    expect(doc).toMatchObject({ status: 'missed', duration: 0 });
    return { states, id, doc };
  }

  it('tells the tab its audio goes over WebRTC, with the STUN and TURN servers to gather with (TURN credentials minted for the agent)', async () => {
    const state = await http.get<DialerState>('/dialer/state', { token: alice.accessToken });
    expect(state.body.phone).toEqual({
      status: 'connected',
      provider: 'Phone',
      media: 'webrtc',
      reattach: true,
      hold: true,
      keypad: true,
    });
    const [stun, turn] = state.body.iceServers!;
    expect(stun).toEqual({ urls: ['stun:stun.example.com:3478'] });
    expect(turn).toMatchObject({
      urls: ['turn:turn.example.com:3478'],
      username: expect.stringMatching(new RegExp(`^\\d+:${alice.user._id.toHexString()}$`)),
    });
    // The credential ends with the access token it was asked with, not TURN_CREDENTIAL_TTL_S (24 h) later.
    const expiresAt = Number(turn!.username!.split(':')[0]) * 1_000;
    const tokenExp =
      (JSON.parse(Buffer.from(alice.accessToken.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp *
      1_000;
    expect(expiresAt).toBe(tokenExp);
    expect(state.body.iceServersExpireAt).toBe(new Date(tokenExp).toISOString());
    expect(turn!.credential).toBe(createHmac('sha1', 'north-secret').update(turn!.username!).digest('base64'));
    expect(JSON.stringify(state.body)).not.toContain('north-secret');
  });

  it('555-010-0001: the INVITE reaches the lead phone, the call goes calling -> connected -> ended with its real length, and audio flows both ways', async () => {
    const lead = await createCallableLead(testApp, campaignId, alice.user, '5550100001', { name: 'Echo Lead' });
    const { tab, states, started } = await dialFromTab('555-010-0001', { leadId: lead._id.toHexString() });
    expect(started.status).toBe(201);
    expect(started.body.state).toBe('calling');
    const id = started.body.id;

    await waitForState(id, 'connected');
    expect(tab.answered).toMatchObject({ callId: id });
    expect(tab.answered?.sdp).toMatch(/PCMU|PCMA/);
    await eventually(async () => (logFor('5550100001').length === 1 ? true : undefined), 5_000);
    expect(logFor('5550100001')[0]).toMatchObject({ to: '5550100001', outcome: 'answered-echo-6s' });
    expect(logFor('5550100001')[0]?.from).toContain(`agent-${alice.user._id.toHexString()}@`);

    // The lead phone hangs up 6 s after answering: a far-end BYE.
    await waitForState(id, 'idle', 15_000);
    const doc = await callDoc(id);
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);
    expect(doc.status).toBe('answered');
    expect(doc.duration).toBeGreaterThanOrEqual(5);
    expect(doc.duration).toBeLessThanOrEqual(7);
    // The echo number returned the tone the "microphone" sent, through Janus.
    expect(tab.received).toBeGreaterThan(50);

    await eventually(async () => (states.some((s) => s.call?.id === id && s.call.state === 'idle') ? true : undefined));
    const notices = states.filter((s) => s.call?.id === id && s.notice).map((s) => s.notice);
    expect(notices).toEqual(['calling', 'call-connected', 'call-completed']);
    expect(states.find((s) => s.notice === 'call-completed')?.message).toBe('Call completed to (555) 010-0001');
    await eventually(
      async () => ((await findLeadById(testApp.platform.db, lead._id))?.disposition === 'Answered' ? true : undefined),
      5_000,
    );

    // The relay recorded the call: the pushed call said so while it was connected, and only then.
    expect(states.some((s) => s.call?.id === id && s.call.state === 'connected' && s.call.recording === true)).toBe(
      true,
    );
    expect(
      states
        .filter((s) => s.call?.id === id && s.call.recording)
        .every((s) => s.call!.state === 'connected' || s.call!.state === 'ending'),
    ).toBe(true);
    // The stored recording: both directions of the call's real length (+/- 1 s), the agent's tone and its echo.
    const answeredSeconds = (doc.endedAt!.getTime() - doc.connectedAt!.getTime()) / 1_000;
    // Stored after the end (which does not wait for it), and pushed.
    await eventually(async () => ((await callDoc(id)).recordingId ? true : undefined), 10_000);
    await eventually(
      async () => (states.some((s) => s.call?.id === id && s.call.recordingUrl) ? true : undefined),
      5_000,
    );
    const wav = await recordingOf(id);
    expect(wav.rate).toBe(8_000);
    expect(wav.channels).toHaveLength(2);
    const [agentSide, leadSide] = wav.channels as [Int16Array, Int16Array];
    expect(Math.abs(agentSide.length / wav.rate - answeredSeconds)).toBeLessThanOrEqual(1);
    expect(rms(agentSide)).toBeGreaterThan(1_000);
    expect(rms(leadSide)).toBeGreaterThan(1_000);
    // The recording's files are gone once the WAV is stored.
    expect(readdirSync(sip.recordingsDir).filter((file) => file.startsWith(id))).toEqual([]);
  }, 40_000);

  it('555-010-0002: busy (486) ends the call as missed without connecting', async () => {
    const { states, id } = await dialMissed('5550100002');
    await eventually(async () => (logFor('5550100002').length === 1 ? true : undefined), 5_000);
    expect(logFor('5550100002')[0]).toMatchObject({ outcome: 'busy' });
    await eventually(async () =>
      states.some((s) => s.call?.id === id && s.notice === 'call-completed') ? true : undefined,
    );
  }, 30_000);

  it('555-010-0003 rings and never answers: the ring timeout (SIP_RING_TIMEOUT_S, 3 s here) cancels it and the call is missed', async () => {
    const { doc } = await dialMissed('5550100003');
    const rang = doc.timeline[1]!.at.getTime() - doc.timeline[0]!.at.getTime();
    expect(rang).toBeGreaterThanOrEqual(3_000);
    await eventually(async () => (logFor('5550100003').length === 1 ? true : undefined), 5_000);
    expect(logFor('5550100003')[0]).toMatchObject({ outcome: 'no-answer' });
  }, 30_000);

  it('the agent ends a call the lead answered: the server hangs up (BYE), the call ends with its length', async () => {
    const { started } = await dialFromTab('5550100005');
    const id = started.body.id;
    await waitForState(id, 'connected');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const ended = await http.post<CallView>(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken });
    expect(ended.status).toBe(200);
    await waitForState(id, 'idle');
    const doc = await callDoc(id);
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ending', 'ended', 'idle']);
    expect(doc.status).toBe('answered');
    expect(doc.duration).toBeGreaterThanOrEqual(1);
    await eventually(async () => (logFor('5550100005').length === 1 ? true : undefined), 5_000);
    expect(logFor('5550100005')[0]).toMatchObject({ outcome: 'answered-echo' });
  }, 30_000);

  it('a call with no tab in the room and no offer from a tab fails to connect and dials nothing', async () => {
    await closeEveryTab();
    const before = readLeadPhoneLog(carrier.leadPhoneLog).length;
    const started = await http.post('/dialer/calls', { phone: '5550100005' }, { token: alice.accessToken });
    expect(started.status).toBe(503);
    expect(started.body).toMatchObject({ error: 'Call failed to connect', reason: 'CALL_FAILED' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(readLeadPhoneLog(carrier.leadPhoneLog)).toHaveLength(before);
  }, 20_000);

  it('555-010-0004 answers, plays its 3 s greeting and hangs up: answered -> ended with the real length, the lead marked Answered', async () => {
    const lead = await createCallableLead(testApp, campaignId, alice.user, '5550100004', { name: 'Greeting Lead' });
    const { states, started } = await dialFromTab('555-010-0004', { leadId: lead._id.toHexString() });
    expect(started.status).toBe(201);
    const id = started.body.id;
    await waitForState(id, 'idle');
    const doc = await callDoc(id);
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);
    expect(doc.timeline[2]?.reason).toBe('callee');
    expect(doc.status).toBe('answered');
    const talked = doc.endedAt!.getTime() - doc.connectedAt!.getTime();
    expect(talked).toBeGreaterThanOrEqual(2_500);
    expect(talked).toBeLessThanOrEqual(4_500);
    expect(doc.duration).toBe(Math.round(talked / 1000));
    await eventually(async () => (logFor('5550100004').length === 1 ? true : undefined), 5_000);
    expect(logFor('5550100004')[0]).toMatchObject({ outcome: 'answered-greeting' });
    await eventually(async () =>
      states.some((s) => s.call?.id === id && s.notice === 'call-completed') ? true : undefined,
    );
    await eventually(
      async () => ((await findLeadById(testApp.platform.db, lead._id))?.disposition === 'Answered' ? true : undefined),
      5_000,
    );
  }, 30_000);

  it('auto-dial of three queued contacts with a tab that offers for each call (as the panel does): three INVITEs in order, each 2 s (+/- 250 ms) after the previous call ended, each on its own offer', async () => {
    const socket = await testApp.socket(alice.accessToken);
    const tab = new WebrtcAutoDialTab(socket);
    tabs.push(tab);
    const logged = readLeadPhoneLog(carrier.leadPhoneLog).length;
    const contacts = [
      { name: 'Busy Line', phone: '5550100002' },
      { name: 'Greeting Line', phone: '5550100004' },
      { name: 'Silent Line', phone: '5550100003' },
    ];
    const calls = await autoDialOverWebrtc(testApp, alice, tab, contacts);
    expect(calls.map((c) => c.phoneDigits)).toEqual(['5550100002', '5550100004', '5550100003']);
    expect(calls.map((c) => c.timeline.map((t) => t.state))).toEqual([
      ['calling', 'ended', 'idle'],
      ['calling', 'connected', 'ended', 'idle'],
      ['calling', 'ended', 'idle'],
    ]);

    await eventually(
      async () => (readLeadPhoneLog(carrier.leadPhoneLog).length - logged === 3 ? true : undefined),
      5_000,
    );
    const invites = readLeadPhoneLog(carrier.leadPhoneLog).slice(logged);
    expect(invites.map((line) => [line.to, line.outcome])).toEqual([
      ['5550100002', 'busy'],
      ['5550100004', 'answered-greeting'],
      ['5550100003', 'no-answer'],
    ]);
    for (const i of [1, 2]) {
      const gap = Date.parse(invites[i]!.at) - calls[i - 1]!.endedAt!.getTime();
      expect(gap, `INVITE ${i + 1} after call ${i} ended`).toBeGreaterThanOrEqual(1_750);
      expect(gap, `INVITE ${i + 1} after call ${i} ended`).toBeLessThanOrEqual(2_250);
    }
    // One offer per call, each its own connection, each bound to its own call; none left over with the queue empty.
    expect(tab.offers.map((o) => o.ack)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(tab.offers.map((o) => o.callId)).toEqual(calls.map((c) => c._id.toHexString()));
    expect(new Set(tab.offers.map((o) => o.tab.offerId)).size).toBe(3);
    const queue = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
    expect(queue.body).toMatchObject({ contacts: [], autoDial: true });
    await http.put('/dialer/auto-dial', { enabled: false }, { token: alice.accessToken });
  }, 60_000);

  it('auto-dial with no tab in the room and no offer from a tab pauses and dials nothing', async () => {
    // Off first, whatever the case before left: switching it on below is what starts the step.
    await http.put('/dialer/auto-dial', { enabled: false }, { token: alice.accessToken });
    await closeEveryTab();
    const logged = readLeadPhoneLog(carrier.leadPhoneLog).length;
    const current = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
    await http.put(
      '/dialer/queue',
      { contacts: [{ name: 'Echo Line', phone: '5550100005' }], version: current.body.version },
      { token: alice.accessToken },
    );
    await testApp.socket(alice.accessToken); // a dialer tab is open, but it sends no offer
    expect((await http.put('/dialer/auto-dial', { enabled: true }, { token: alice.accessToken })).status).toBe(200);
    const paused = await eventually(async () => {
      const queue = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
      return queue.body.autoDial ? undefined : queue.body;
    }, 15_000);
    expect(paused.pausedReason).toBe(
      'Auto-dialer paused: the dialer tab did not get its microphone ready for the next call.',
    );
    expect(paused.contacts.map((c) => c.phone)).toEqual(['5550100005']);
    expect(readLeadPhoneLog(carrier.leadPhoneLog)).toHaveLength(logged);
    await http.put('/dialer/queue', { contacts: [], version: paused.version }, { token: alice.accessToken });
  }, 30_000);

  describe('compliance: nothing the server refuses reaches the lead phone, even with an offer waiting', () => {
    // Numbers outside the lead phone's plan: if one were dialed, the lead phone would log it (outcome not-found).
    const globalDnc = '5550100091';
    const campaignDnc = '5550100092';
    const lateLeadPhone = '5550100093';
    let lateLead: Awaited<ReturnType<typeof createCallableLead>>;
    let campaignLead: Awaited<ReturnType<typeof createCallableLead>>;

    beforeAll(async () => {
      expect((await http.post('/dialer/dnc', { phone: '555-010-0091' }, { token: admin.accessToken })).status).toBe(
        201,
      );
      expect(
        (await http.post('/dialer/dnc', { phone: '555-010-0092', campaignId }, { token: owner.accessToken })).status,
      ).toBe(201);
      campaignLead = await createCallableLead(testApp, campaignId, alice.user, campaignDnc, { name: 'Barred Lead' });
      // Its local hour is between 0 and 5: outside 8:00-21:00.
      lateLead = await createCallableLead(testApp, campaignId, alice.user, lateLeadPhone, {
        name: 'Late Lead',
        timeZone: zoneWithLocalHour(0, 5),
      });
    });

    async function refused(phone: string, extra: { leadId?: string } = {}) {
      const { started } = await dialFromTab(phone, extra);
      expect(started.status).toBe(403);
      return started.body as unknown as { error: string };
    }

    it('a number on the global list, typed by hand', async () => {
      expect((await refused('555-010-0091')).error).toBe(
        '(555) 010-0091 is on the do-not-call list and cannot be dialed.',
      );
    }, 20_000);

    it("a number on the campaign's list, typed by hand and dialed from the lead", async () => {
      expect((await refused('5550100092')).error).toBe(
        '(555) 010-0092 is on the do-not-call list and cannot be dialed.',
      );
      expect((await refused('5550100092', { leadId: campaignLead._id.toHexString() })).error).toBe(
        '(555) 010-0092 is on the do-not-call list and cannot be dialed.',
      );
    }, 20_000);

    it('a number marked do-not-call from a call: the next dial of it never reaches the lead phone', async () => {
      const lead = await createCallableLead(testApp, campaignId, alice.user, '5550100002', { name: 'Busy Again' });
      const { started } = await dialFromTab('5550100002', { leadId: lead._id.toHexString() });
      expect(started.status).toBe(201);
      await waitForState(started.body.id, 'idle');
      await eventually(
        async () => (readLeadPhoneLog(carrier.leadPhoneLog).at(-1)?.to === '5550100002' ? true : undefined),
        5_000,
      );
      const before = logFor('5550100002').length;
      expect(
        (await http.post(`/dialer/calls/${started.body.id}/dnc`, undefined, { token: alice.accessToken })).status,
      ).toBe(201);
      await refused('5550100002', { leadId: lead._id.toHexString() });
      await refused('555-010-0002');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(logFor('5550100002')).toHaveLength(before);
    }, 30_000);

    it("a lead outside its calling hours, dialed from the lead and typed by hand (the number's lead gives the zone)", async () => {
      const fromLead = await refused(lateLeadPhone, { leadId: lateLead._id.toHexString() });
      expect(fromLead.error).toMatch(
        /^Outside calling hours: it is \d{1,2}:\d{2} for this lead \(Etc\/GMT[+-]?\d*\); calls are allowed 8:00-21:00 in the lead's time zone\.$/,
      );
      const typed = await refused('555-010-0093');
      expect(typed.error.replace(/\d{1,2}:\d{2}/, 'h:mm')).toBe(fromLead.error.replace(/\d{1,2}:\d{2}/, 'h:mm'));
    }, 20_000);

    it('queued for auto-dial: every barred contact is skipped with its reason and none is dialed', async () => {
      const socket = await testApp.socket(alice.accessToken);
      const tab = new WebrtcAutoDialTab(socket);
      tabs.push(tab);
      const current = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
      const contacts = [
        { name: 'Global Barred', phone: '555-010-0091' },
        { name: 'Campaign Barred', phone: '5550100092', leadId: campaignLead._id.toHexString() },
        { name: 'Marked Barred', phone: '5550100002' },
        { name: 'Late Lead', phone: lateLeadPhone, leadId: lateLead._id.toHexString() },
      ];
      expect(
        (await http.put('/dialer/queue', { contacts, version: current.body.version }, { token: alice.accessToken }))
          .status,
      ).toBe(200);
      expect(await tab.prepare()).toEqual({ ok: true });
      expect((await http.put('/dialer/auto-dial', { enabled: true }, { token: alice.accessToken })).status).toBe(200);
      const skipped = await eventually(async () => {
        const queue = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
        return queue.body.contacts.length === 4 && queue.body.contacts.every((c) => c.skipReason)
          ? queue.body
          : undefined;
      }, 15_000);
      expect(skipped.contacts.slice(0, 3).map((c) => c.skipReason)).toEqual([
        '(555) 010-0091 is on the do-not-call list and cannot be dialed.',
        '(555) 010-0092 is on the do-not-call list and cannot be dialed.',
        '(555) 010-0002 is on the do-not-call list and cannot be dialed.',
      ]);
      expect(skipped.contacts[3]?.skipReason).toMatch(/^Outside calling hours: /);
      await http.put('/dialer/auto-dial', { enabled: false }, { token: alice.accessToken });
    }, 30_000);

    afterAll(() => {
      const log = readLeadPhoneLog(carrier.leadPhoneLog);
      expect(log.filter((line) => [globalDnc, campaignDnc, lateLeadPhone].includes(line.to))).toEqual([]);
    });
  });
});
