// PHONE_PROVIDER=sip end to end on this machine: the app drives Janus's SIP plugin against the local carrier (the SIPp
// lead phone), and a WebRTC peer (werift) plays the agent's browser over the app's socket. The dial goes through the
// app's API and its checks; the lead phone's log shows what really reached it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { DialerState } from '../../shared/schemas/dialer/state.js';
import { callsCollection, type CallDoc } from '../../server/features/dialer/repository.js';
import { findLeadById } from '../../server/features/leads/repository.js';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { localCarrierProblem, readLeadPhoneLog, startLocalCarrier, type LocalCarrier } from '../../server/platform/telephony/local-carrier.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, createCallableLead, recordCallStates, zoneWithLocalHour } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)('dialer with PHONE_PROVIDER=sip through Janus to the local carrier', () => {
  let carrier: LocalCarrier;
  let dataDir: string;
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let campaignId: string;
  let alice: CreatedUser;
  let admin: CreatedUser;
  const tabs: WebrtcAgentTab[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cw-sip-'));
    carrier = await startLocalCarrier({ dataDir });
    testApp = await buildTestApp({ env: { PHONE_PROVIDER: 'sip', JANUS_URL: carrier.janusUrl, JANUS_API_SECRET: carrier.apiSecret, SIP_PROXY: carrier.sipUri, SIP_RING_TIMEOUT_S: '3', SIP_RECORDINGS_DIR: path.join(dataDir, 'recordings') } });
    http = client(`${testApp.url}/api`);
    const setup = await createCampaignWithAgents(testApp, 1);
    campaignId = setup.campaignId;
    [alice] = setup.agents;
    await http.patch(`/campaigns/${campaignId}`, { timeZone: zoneWithLocalHour(10, 18) }, { token: setup.owner.accessToken });
    admin = await createUser(testApp, { role: 'admin' });
    await connectDialer(testApp, alice.accessToken);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await testApp?.close();
    await carrier?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const callDoc = (id: string) => callsCollection(testApp.platform.db).findOne({ _id: new ObjectId(id) }) as Promise<CallDoc>;
  const waitForState = (id: string, state: string, ms = 20_000) => eventually(async () => ((await callDoc(id))?.state === state ? true : undefined), ms);
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

  /** Root mean square of a channel: 0 is digital silence, the tone the tab sends is in the thousands. */
  const rms = (samples: Int16Array) => Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / Math.max(1, samples.length));

  /** The stored recording as GET /api/calls/:id/recording serves it. */
  async function recordingOf(id: string) {
    const response = await fetch(`${testApp.url}/api/calls/${id}/recording`, { headers: { authorization: `Bearer ${alice.accessToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    return readWav(Buffer.from(await response.arrayBuffer()));
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

  it('tells the tab its audio goes over WebRTC', async () => {
    const state = await http.get<DialerState>('/dialer/state', { token: alice.accessToken });
    expect(state.body.phone).toEqual({ status: 'connected', provider: 'Zoom Phone', media: 'webrtc' });
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
    await eventually(async () => ((await findLeadById(testApp.platform.db, lead._id))?.disposition === 'Answered' ? true : undefined), 5_000);

    // Janus recorded the call: the pushed call said so while it was connected, and only then.
    expect(states.some((s) => s.call?.id === id && s.call.state === 'connected' && s.call.recording === true)).toBe(true);
    expect(states.filter((s) => s.call?.id === id && s.call.recording).every((s) => s.call!.state === 'connected' || s.call!.state === 'ending')).toBe(true);
    // The stored recording: both directions of the call's real length (+/- 1 s), the agent's tone and its echo.
    const answeredSeconds = (doc.endedAt!.getTime() - doc.connectedAt!.getTime()) / 1_000;
    const wav = await recordingOf(id);
    expect(wav.rate).toBe(8_000);
    expect(wav.channels).toHaveLength(2);
    const [agentSide, leadSide] = wav.channels as [Int16Array, Int16Array];
    expect(Math.abs(agentSide.length / wav.rate - answeredSeconds)).toBeLessThanOrEqual(1);
    expect(rms(agentSide)).toBeGreaterThan(1_000);
    expect(rms(leadSide)).toBeGreaterThan(1_000);
    // Janus's .mjr files are gone once the mix is stored.
    expect(readdirSync(path.join(dataDir, 'recordings')).filter((file) => file.startsWith(id))).toEqual([]);
  }, 40_000);

  it('555-010-0002: busy (486) ends the call as missed without connecting', async () => {
    const { states, id } = await dialMissed('5550100002');
    await eventually(async () => (logFor('5550100002').length === 1 ? true : undefined), 5_000);
    expect(logFor('5550100002')[0]).toMatchObject({ outcome: 'busy' });
    await eventually(async () => (states.some((s) => s.call?.id === id && s.notice === 'call-completed') ? true : undefined));
  }, 30_000);

  it('555-010-0003 rings and never answers: the ring timeout (SIP_RING_TIMEOUT_S, 3 s here) cancels it and the call is missed', async () => {
    const { doc } = await dialMissed('5550100003');
    const rang = doc.timeline[1]!.at.getTime() - doc.timeline[0]!.at.getTime();
    expect(rang).toBeGreaterThanOrEqual(3_000);
    await eventually(async () => (logFor('5550100003').length === 1 ? true : undefined), 5_000);
    expect(logFor('5550100003')[0]).toMatchObject({ outcome: 'no-answer' });
  }, 30_000);

  it('the agent ends a call the lead answered: Janus hangs up (BYE), the call ends with its length', async () => {
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

  it('a call without an offer from the tab fails to connect and dials nothing', async () => {
    const before = readLeadPhoneLog(carrier.leadPhoneLog).length;
    const started = await http.post('/dialer/calls', { phone: '5550100005' }, { token: alice.accessToken });
    expect(started.status).toBe(503);
    expect(started.body).toMatchObject({ error: 'Call failed to connect', reason: 'CALL_FAILED' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(readLeadPhoneLog(carrier.leadPhoneLog)).toHaveLength(before);
  }, 20_000);

  it('a do-not-call number never reaches the lead phone, even with an offer waiting', async () => {
    const added = await http.post('/dialer/dnc', { phone: '555-010-0004' }, { token: admin.accessToken });
    expect(added.status).toBe(201);
    const { started } = await dialFromTab('5550100004');
    expect(started.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(logFor('5550100004')).toEqual([]);
  }, 20_000);
});
