// The room model (SIP_CALL_MODEL=room, the default) end to end on this machine: every call is a Janus AudioBridge room; the server places the
// lead's SIP leg itself (npm `sip`) and relays its RTP into the room; the agent's "browser" (a werift peer over the
// app's socket) joins the room over WebRTC. The lead phone (SIPp) is the far end, its logs show what reached it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { DialerState } from '../../shared/schemas/dialer/state.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import type { TestApp } from '../support/app.js';
import { createCallableLead, recordCallStates, storedCall, waitForCallState } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { rms, startSipTestApp, type SipTestApp } from '../support/sip-app.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)(
  'dialer with the room model: every call an AudioBridge room, the lead leg from the server',
  () => {
    let sip: SipTestApp;
    let carrier: LocalCarrier;
    let testApp: TestApp;
    let http: ReturnType<typeof client>;
    let campaignId: string;
    let alice: CreatedUser;
    const tabs: WebrtcAgentTab[] = [];

    beforeAll(async () => {
      // SIP_CALL_MODEL is the default (room) here: no setting names it.
      sip = await startSipTestApp({ env: { SIP_RING_TIMEOUT_S: '3' }, dataDirPrefix: 'cw-room-' });
      ({ carrier, testApp, http, campaignId } = sip);
      [alice] = sip.agents;
    }, 120_000);

    afterAll(async () => {
      await Promise.all(tabs.map((tab) => tab.close()));
      await sip?.close();
    });

    const callDoc = (id: string) => storedCall(testApp, id);
    const waitForState = (id: string, state: string, ms = 20_000) => waitForCallState(testApp, id, state, ms);
    const logFor = (number: string) => readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === number);
    const byesFor = (number: string) =>
      readLeadPhoneLog<{ at: string; to: string }>(carrier.leadPhoneByes).filter((line) => line.to === number);
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
    const recordingFiles = (id: string) => readdirSync(sip.recordingsDir).filter((file) => file.startsWith(id));

    it('555-010-0001: the room call reaches the lead phone, audio flows both ways through the room, the far-end BYE ends it, both sides recorded', async () => {
      const { tab, started } = await dialFromTab('555-010-0001');
      expect(started.status).toBe(201);
      const id = started.body.id;
      await waitForState(id, 'connected');
      expect(tab.answered).toMatchObject({ callId: id });
      await eventually(async () => (logFor('5550100001').length === 1 ? true : undefined), 5_000);
      expect(logFor('5550100001')[0]).toMatchObject({ outcome: 'answered-echo-6s' });
      expect(logFor('5550100001')[0]?.from).toContain(`agent-${alice.user._id.toHexString()}@`);
      await waitForState(id, 'idle', 15_000);
      const doc = await callDoc(id);
      expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);
      expect(doc.timeline[2]?.reason).toBe('callee');
      expect(doc).toMatchObject({ endedBy: 'lead', sipStatus: 200 });
      expect(doc.duration).toBeGreaterThanOrEqual(5);
      expect(doc.duration).toBeLessThanOrEqual(7);
      // The tone the tab sent went into the room, out to the lead phone, came back from its echo and was mixed to the tab.
      expect(tab.received).toBeGreaterThan(50);
      const wav = await recordingOf(id);
      expect(wav.channels).toHaveLength(2);
      const [agentSide, leadSide] = wav.channels as [Int16Array, Int16Array];
      const answeredSeconds = (doc.endedAt!.getTime() - doc.connectedAt!.getTime()) / 1_000;
      expect(Math.abs(agentSide.length / wav.rate - answeredSeconds)).toBeLessThanOrEqual(1);
      expect(rms(agentSide)).toBeGreaterThan(500);
      expect(rms(leadSide)).toBeGreaterThan(500);
    }, 40_000);

    it('555-010-0002: busy (486) ends the call missed without connecting', async () => {
      const { started } = await dialFromTab('5550100002');
      await waitForState(started.body.id, 'idle');
      const doc = await callDoc(started.body.id);
      expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'ended', 'idle']);
      expect(doc.timeline[1]?.reason).toBe('no-answer');
      expect(doc).toMatchObject({ status: 'missed', endedBy: 'lead', sipStatus: 486 });
      expect(logFor('5550100002').at(-1)).toMatchObject({ outcome: 'busy' });
    }, 30_000);

    it('555-010-0003: the ring timeout (3 s) sends CANCEL and the call is missed', async () => {
      const { started } = await dialFromTab('5550100003');
      await waitForState(started.body.id, 'idle');
      const doc = await callDoc(started.body.id);
      expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'ended', 'idle']);
      expect(doc.timeline[1]!.at.getTime() - doc.timeline[0]!.at.getTime()).toBeGreaterThanOrEqual(3_000);
      expect(doc).toMatchObject({ endedBy: 'timeout', sipStatus: 487 });
      expect(logFor('5550100003').at(-1)).toMatchObject({ outcome: 'no-answer' });
    }, 30_000);

    it('the agent ends an answered 555-010-0005: BYE at the lead phone, the call ended by the agent with its recording', async () => {
      const { tab, started } = await dialFromTab('5550100005');
      const id = started.body.id;
      await waitForState(id, 'connected');
      // The recording goes to disk as the call goes, one file per direction, growing (not held in memory).
      const leadFile = path.join(sip.recordingsDir, `${id}-lead.ulaw`);
      await eventually(async () => (existsSync(leadFile) && statSync(leadFile).size > 0 ? true : undefined), 5_000);
      const early = statSync(leadFile).size;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(tab.received).toBeGreaterThan(20);
      expect(statSync(leadFile).size).toBeGreaterThan(early + 8_000);
      expect(recordingFiles(id).sort()).toEqual([`${id}-lead.ulaw`, `${id}-room.ulaw`]);
      const byes = byesFor('5550100005').length;
      expect((await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken })).status).toBe(200);
      await waitForState(id, 'idle');
      const doc = await callDoc(id);
      expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ending', 'ended', 'idle']);
      expect(doc.timeline[3]?.reason).toBe('agent');
      expect(doc.endedBy).toBe('agent');
      await eventually(async () => (byesFor('5550100005').length === byes + 1 ? true : undefined), 5_000);
      const wav = await recordingOf(id);
      expect(rms(wav.channels[1]!)).toBeGreaterThan(500);
      // Nothing left behind once the recording is stored.
      expect(recordingFiles(id)).toEqual([]);
    }, 30_000);

    it("555-010-0004 (a send-only greeting that never hears the agent) is recorded: the greeting on the lead channel, both channels the call's length", async () => {
      const lead = await createCallableLead(testApp, campaignId, alice.user, '5550100004', { name: 'Greeting Lead' });
      const { started } = await dialFromTab('555-010-0004', { leadId: lead._id.toHexString() });
      const id = started.body.id;
      await waitForState(id, 'idle');
      const doc = await callDoc(id);
      expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);
      const wav = await recordingOf(id);
      const [agentSide, leadSide] = wav.channels as [Int16Array, Int16Array];
      expect(leadSide.length / wav.rate).toBeGreaterThanOrEqual(2.5);
      expect(rms(leadSide)).toBeGreaterThan(1_000);
      // The agent side is what the room sent the greeting (the tab's tone), recorded even though the far end ignores it.
      expect(agentSide.length).toBe(leadSide.length);
    }, 30_000);

    it('auto-dial switched on through the API, queue busy -> greeting -> echo: all three dialled into the room the tab joined once, with no offer per call', async () => {
      // The dialer page's tab joined once (one offer); auto-dial is switched on by another client (the API), so no tab
      // prepares a per-call offer: the server bridges each lead into the agent's room.
      const tab = new WebrtcAgentTab(await testApp.socket(alice.accessToken));
      tabs.push(tab);
      expect(await tab.offer()).toEqual({ ok: true });
      const logged = readLeadPhoneLog(carrier.leadPhoneLog).length;
      const current = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
      const contacts = [
        { name: 'Busy Line', phone: '5550100002' },
        { name: 'Greeting Line', phone: '5550100004' },
        { name: 'Echo Line', phone: '5550100005' },
      ];
      expect(
        (await http.put('/dialer/queue', { contacts, version: current.body.version }, { token: alice.accessToken }))
          .status,
      ).toBe(200);
      expect((await http.put('/dialer/auto-dial', { enabled: true }, { token: alice.accessToken })).status).toBe(200);
      const echo = await eventually(async () => {
        const found = await callsCollection(testApp.platform.db)
          .find({ agentId: alice.user._id, autoDialed: true, phoneDigits: '5550100005' })
          .toArray();
        return found.find((c) => c.state === 'connected');
      }, 30_000);
      const heard = tab.received;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // The echo returns the tab's tone through the same connection the tab opened for the first call.
      expect(tab.received - heard).toBeGreaterThan(20);
      expect(
        (await http.post(`/dialer/calls/${echo._id.toHexString()}/end`, undefined, { token: alice.accessToken }))
          .status,
      ).toBe(200);
      await waitForState(echo._id.toHexString(), 'idle');
      const invites = readLeadPhoneLog(carrier.leadPhoneLog).slice(logged);
      expect(invites.map((line) => [line.to, line.outcome])).toEqual([
        ['5550100002', 'busy'],
        ['5550100004', 'answered-greeting'],
        ['5550100005', expect.any(String)],
      ]);
      const queue = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
      expect(queue.body).toMatchObject({ contacts: [], autoDial: true });
      await http.put('/dialer/auto-dial', { enabled: false }, { token: alice.accessToken });
    }, 60_000);

    describe('the call belongs to the server, not to the tab', () => {
      it("the agent's tab gone (no media) for more than 10 s with no re-attach: BYE at the lead phone, the call ended `agent-lost` with a sentence that says so", async () => {
        const { tab, states, started } = await dialFromTab('5550100005');
        const id = started.body.id;
        await waitForState(id, 'connected');
        const byes = byesFor('5550100005').length;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const gone = Date.now();
        await tab.close();
        await eventually(async () => (byesFor('5550100005').length === byes + 1 ? true : undefined), 16_000);
        const byeAfter = Date.parse(byesFor('5550100005').at(-1)!.at) - gone;
        expect(byeAfter).toBeGreaterThanOrEqual(9_000);
        expect(byeAfter).toBeLessThanOrEqual(13_000);
        await waitForState(id, 'idle');
        const doc = await callDoc(id);
        expect(doc).toMatchObject({ endedBy: 'agent-lost', status: 'answered' });
        await eventually(
          async () => (states.some((s) => s.call?.id === id && s.notice === 'call-failed') ? true : undefined),
          5_000,
        );
        expect(states.find((s) => s.call?.id === id && s.notice === 'call-failed')?.message).toBe(
          'The call was ended because this browser was disconnected for more than 10 seconds.',
        );
        await recordingOf(id);
      }, 40_000);

      it('a reloaded tab re-attaches: its new offer joins the same room, echoed audio is back within 3 s, the lead phone gets no BYE', async () => {
        const { tab, started } = await dialFromTab('5550100005');
        const id = started.body.id;
        await waitForState(id, 'connected');
        const byes = byesFor('5550100005').length;
        await tab.close();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        // The reloaded page: a new socket and a new PeerConnection.
        const again = new WebrtcAgentTab(await testApp.socket(alice.accessToken));
        tabs.push(again);
        const offered = Date.now();
        expect(await again.offer()).toEqual({ ok: true });
        await eventually(async () => (again.received > 10 ? true : undefined), 5_000);
        const gap = Date.now() - offered;
        expect(again.answered).toMatchObject({ callId: id });
        expect(gap).toBeLessThan(3_000);
        // Well past the 10 s of agent-lost: still connected, no BYE.
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        expect((await callDoc(id)).state).toBe('connected');
        expect(byesFor('5550100005')).toHaveLength(byes);
        expect((await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken })).status).toBe(200);
        await waitForState(id, 'idle');
        expect((await callDoc(id)).endedBy).toBe('agent');
      }, 40_000);

      it('Janus SIGKILLed mid-call: the call ends `gateway-failure` (BYE to the lead, recording kept), Janus is back and the next call connects with no app restart', async () => {
        const { states, started } = await dialFromTab('5550100005');
        const id = started.body.id;
        await waitForState(id, 'connected');
        const byes = byesFor('5550100005').length;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const pid = carrier.janusPid()!;
        const killed = Date.now();
        process.kill(pid, 'SIGKILL');
        // The badge tells the truth: the pushed phone view says the gateway is unreachable, not plain "connected".
        await eventually(
          async () => (states.some((s) => s.phone.gateway === 'unreachable') ? true : undefined),
          10_000,
        );
        await waitForState(id, 'ended', 10_000);
        const doc = await callDoc(id);
        expect(doc.endedBy).toBe('gateway-failure');
        expect(doc.endedAt!.getTime() - killed).toBeLessThan(6_000);
        await eventually(async () => (byesFor('5550100005').length === byes + 1 ? true : undefined), 5_000);
        await eventually(
          async () => (states.some((s) => s.call?.id === id && s.notice === 'call-failed') ? true : undefined),
          5_000,
        );
        expect(states.find((s) => s.call?.id === id && s.notice === 'call-failed')?.message).toBe(
          'The call was cut off: the phone gateway stopped working. The recording up to that moment is kept.',
        );
        const wav = await recordingOf(id);
        expect(wav.channels[1]!.length / wav.rate).toBeGreaterThan(1);
        await waitForState(id, 'idle');
        // The supervisor restarted Janus; the server made its session again and says so without a call being placed.
        await eventually(async () => (carrier.janusPid() !== pid ? true : undefined), 5_000);
        const lost = states.findIndex((s) => s.phone.gateway === 'unreachable');
        await eventually(
          async () =>
            states.slice(lost).some((s) => s.phone.status === 'connected' && s.phone.gateway === undefined)
              ? true
              : undefined,
          10_000,
        );
        const state = await http.get<DialerState>('/dialer/state', { token: alice.accessToken });
        expect(state.body.phone).toEqual({
          status: 'connected',
          provider: 'Phone',
          media: 'webrtc',
          reattach: true,
          hold: true,
          keypad: true,
        });
        console.log(`gateway back (badge Connected) ${Date.now() - killed} ms after the kill`);
        const next = await eventually(async () => {
          const attempt = await dialFromTab('5550100005');
          return attempt.started.status === 201 ? attempt : undefined;
        }, 10_000);
        await waitForState(next.started.body.id, 'connected', 10_000);
        expect(Date.now() - killed).toBeLessThan(15_000);
        await eventually(async () => (next.tab.received > 10 ? true : undefined), 5_000);
        await http.post(`/dialer/calls/${next.started.body.id}/end`, undefined, { token: alice.accessToken });
        await waitForState(next.started.body.id, 'idle');
      }, 60_000);
    });
  },
);
