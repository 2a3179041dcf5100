// A lead calling back on the campaign's number, against the local carrier: the carrier's "inbound call" (a one-call
// SIPp that plays the carrier's greeting tones once answered) reaches the app's SIP stack; the assigned agent's panel
// (a werift tab over the app's socket) rings, answers and hears the lead; with nobody online the caller leaves a
// voicemail, stored with its recording, a notification to the lead's agent and a "Call back" task on the calendar.
import dgram from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import type { CampaignInboundNumber, InboundCallView } from '../../shared/schemas/dialer/inbound.js';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import type { FollowUpList } from '../../shared/schemas/follow-ups/list.js';
import type { NotificationList } from '../../shared/schemas/notifications/list.js';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { placeInboundCall } from '../../server/platform/telephony/inbound-caller.js';
import {
  localCarrierProblem,
  startLocalCarrier,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import { findLeadById } from '../../server/features/leads/repository.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { connectDialer, createCallableLead, storedCall, waitForCallState } from '../support/dialer.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import { rms } from '../support/sip-app.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

async function freeUdpPort(): Promise<number> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.bind(0, '127.0.0.2', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

describe.skipIf(missing !== null)('a lead calls back, against the local carrier', () => {
  let carrier: LocalCarrier;
  let dataDir: string;
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let appSip: string;
  const sockets: TestSocket[] = [];
  const tabs: WebrtcAgentTab[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cw-inbound-'));
    carrier = await startLocalCarrier({ dataDir });
    const port = await freeUdpPort();
    appSip = `sip:127.0.0.2:${port}`;
    testApp = await buildTestApp({
      env: {
        PHONE_PROVIDER: 'sip',
        SIP_CALL_MODEL: 'room',
        JANUS_URL: carrier.janusUrl,
        JANUS_API_SECRET: carrier.apiSecret,
        SIP_PROXY: carrier.sipUri,
        SIP_LOCAL_PORT: String(port),
        SIP_RECORDINGS_DIR: path.join(dataDir, 'recordings'),
      },
    });
    http = client(`${testApp.url}/api`);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    for (const socket of sockets) socket.disconnect();
    await testApp?.close();
    await carrier?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function campaignNumber(campaignId: string, ownerToken: string): Promise<string> {
    const answer = await http.get<CampaignInboundNumber>(`/dialer/campaigns/${campaignId}/inbound-number`, {
      token: ownerToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.number).toMatch(/^555020\d{4}$/);
    return answer.body.number;
  }

  it("rings the assigned agent's panel with the lead's card; answered, the agent hears the lead and the call is in Call History as inbound", async () => {
    const setup = await createCampaignWithAgents(testApp, 1);
    const [agent] = setup.agents;
    const lead = await createCallableLead(testApp, setup.campaignId, agent!.user, '5550100041', {
      name: 'Callback Carla',
    });
    const number = await campaignNumber(setup.campaignId, setup.owner.accessToken);
    await connectDialer(testApp, agent!.accessToken);
    const socket = await testApp.socket(agent!.accessToken);
    sockets.push(socket);
    const ringing = new Promise<InboundCallView>((resolve) => socket.once(SocketEvents.inboundRinging, resolve));
    const tab = new WebrtcAgentTab(socket);
    tabs.push(tab);
    expect(await tab.offer()).toEqual({ ok: true });

    const caller = placeInboundCall({
      carrierDir: carrier.dir,
      target: appSip,
      from: '5550100041',
      to: number,
      talkMs: 8_000,
    });
    const card = await ringing;
    expect(card.lead).toMatchObject({ id: lead._id.toHexString(), name: 'Callback Carla', phone: '(555) 010-0041' });
    expect(card.state).toBe('assigned');
    expect(Date.parse(card.expiresAt) - Date.now()).toBeGreaterThan(10_000);

    const answered = await http.post<InboundCallView>(`/dialer/inbound/${card.id}/answer`, undefined, {
      token: agent!.accessToken,
    });
    expect(answered.status).toBe(200);
    expect(answered.body.state).toBe('answered');
    const callId = answered.body.callId!;
    await waitForCallState(testApp, callId, 'connected', 15_000);
    // The lead phone plays its tones once answered: the agent's tab receives them through the room.
    await eventually(async () => (tab.loud > 25 ? true : undefined), 10_000);

    // The lead hangs up after 8 s: the call ends like any answered call.
    expect(await caller).toEqual({ outcome: 'answered', endedBy: 'lead' });
    await waitForCallState(testApp, callId, 'idle', 15_000);
    const doc = await storedCall(testApp, callId);
    expect(doc).toMatchObject({ direction: 'inbound', status: 'answered', endedBy: 'lead', name: 'Callback Carla' });
    expect(doc.leadId?.toHexString()).toBe(lead._id.toHexString());

    const history = await http.get<CallHistoryPage>('/calls?direction=inbound', { token: agent!.accessToken });
    expect(history.status).toBe(200);
    expect(history.body.items.map((item) => item.id)).toContain(callId);
    const stored = await findLeadById(testApp.platform.db, lead._id);
    expect(stored?.history.map((entry) => entry.change)).toContain(`Called in; answered by ${agent!.user.name}`);
  }, 120_000);

  it('with nobody online, the caller hears the greeting and leaves a voicemail: recorded, notified, on the calendar', async () => {
    const setup = await createCampaignWithAgents(testApp, 1);
    const [agent] = setup.agents;
    // The agent is not signed in anywhere: no socket, no phone.
    const lead = await createCallableLead(testApp, setup.campaignId, agent!.user, '5550100042', {
      name: 'Voicemail Vic',
    });
    const number = await campaignNumber(setup.campaignId, setup.owner.accessToken);

    const caller = await placeInboundCall({
      carrierDir: carrier.dir,
      target: appSip,
      from: '5550100042',
      to: number,
      talkMs: 12_000,
    });
    expect(caller).toEqual({ outcome: 'answered', endedBy: 'lead' });

    const voicemail = await eventually(
      async () =>
        (await callsCollection(testApp.platform.db).findOne({ leadId: lead._id, status: 'voicemail' })) ?? undefined,
      20_000,
    );
    expect(voicemail).toMatchObject({ direction: 'inbound', state: 'idle', agentId: agent!.user._id });
    expect(voicemail.duration).toBeGreaterThanOrEqual(10);
    expect(voicemail.recordingId).toBeInstanceOf(ObjectId);
    const response = await fetch(`${testApp.url}/api/calls/${voicemail._id.toHexString()}/recording`, {
      headers: { authorization: `Bearer ${agent!.accessToken}` },
    });
    expect(response.status).toBe(200);
    const wav = readWav(Buffer.from(await response.arrayBuffer()));
    const [greetingSide, leadSide] = wav.channels as [Int16Array, Int16Array];
    // Left: the greeting the lead heard; right: the lead's message (the carrier's tones).
    expect(greetingSide.length / wav.rate).toBeGreaterThan(10);
    expect(rms(greetingSide)).toBeGreaterThan(300);
    expect(rms(leadSide)).toBeGreaterThan(1_000);

    const notifications = await http.get<NotificationList>('/notifications', { token: agent!.accessToken });
    expect(notifications.body.items.find((item) => item.type === 'voicemail')).toMatchObject({
      title: 'Voicemail from Voicemail Vic',
    });
    const calendar = await http.get<FollowUpList>('/follow-ups', { token: agent!.accessToken });
    expect(calendar.body.items.find((item) => item.name === 'Voicemail Vic')).toMatchObject({
      action: 'Call back Voicemail Vic',
    });
    const stored = await findLeadById(testApp.platform.db, lead._id);
    expect(stored?.history.at(-1)?.change).toMatch(/^Left a voicemail \(\d+ s\)$/);
  }, 120_000);
});
