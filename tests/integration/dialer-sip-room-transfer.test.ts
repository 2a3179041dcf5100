// Transfers in the room model (SIP_CALL_MODEL=room) against the local carrier: the opener's and the closer's
// "browsers" are werift peers over the app's socket, each sending a tone; the lead phone (555-010-0005) echoes what
// the room sends it. So the closer hears something only through the lead once the opener is gone: the echo of the
// closer's own tone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type PhoneAnswerPayload } from '../../shared/events.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { TransferView } from '../../shared/schemas/dialer/transfer.js';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  startLocalCarrier,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import {
  connectDialer,
  createCallableLead,
  storedCall,
  waitForCallState,
  zoneWithLocalHour,
} from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { addAgents, createCampaignWithAgents } from '../support/leads.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)('transfers in the room model, against the local carrier', () => {
  let carrier: LocalCarrier;
  let dataDir: string;
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let opener: CreatedUser;
  let closer: CreatedUser;
  const sockets = new Map<string, TestSocket>();
  const tabs: WebrtcAgentTab[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cw-room-transfer-'));
    carrier = await startLocalCarrier({ dataDir });
    testApp = await buildTestApp({
      env: {
        PHONE_PROVIDER: 'sip',
        SIP_CALL_MODEL: 'room',
        JANUS_URL: carrier.janusUrl,
        JANUS_API_SECRET: carrier.apiSecret,
        SIP_PROXY: carrier.sipUri,
        SIP_RECORDINGS_DIR: path.join(dataDir, 'recordings'),
      },
    });
    http = client(`${testApp.url}/api`);
    const setup = await createCampaignWithAgents(testApp, 2);
    [opener, closer] = setup.agents;
    for (const agent of [opener, closer]) {
      await connectDialer(testApp, agent.accessToken);
      sockets.set(agent.user._id.toHexString(), await testApp.socket(agent.accessToken));
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    for (const socket of sockets.values()) socket.disconnect();
    await testApp?.close();
    await carrier?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const socketOf = (agent: CreatedUser) => sockets.get(agent.user._id.toHexString())!;
  const tabOf = (agent: CreatedUser) => {
    const tab = new WebrtcAgentTab(socketOf(agent));
    tabs.push(tab);
    return tab;
  };
  /** The opener's participant left the room: nothing more reaches the opener's tab. */
  const openerHearsNothing = async (tab: WebrtcAgentTab) => {
    const packets = tab.received;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(tab.received - packets).toBeLessThan(5);
  };
  /** Loud packets a tab receives over the next `ms`. */
  const loudDuring = async (tab: WebrtcAgentTab, ms: number) => {
    const before = tab.loud;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return tab.loud - before;
  };

  /** The opener's tab dials a lead of a fresh campaign (one lead per number and campaign) on the echo number. */
  async function openerOnCall(name: string) {
    const setup = await createCampaignWithAgents(testApp, 0);
    await http.patch(
      `/campaigns/${setup.campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18) },
      { token: setup.owner.accessToken },
    );
    await addAgents(testApp, setup.campaignId, [opener, closer]);
    const lead = await createCallableLead(testApp, setup.campaignId, opener.user, '5550100005', { name });
    const tab = tabOf(opener);
    expect(await tab.offer()).toEqual({ ok: true });
    const started = await http.post<CallView>(
      '/dialer/calls',
      { phone: '5550100005', leadId: lead._id.toHexString() },
      { token: opener.accessToken },
    );
    expect(started.status).toBe(201);
    await waitForCallState(testApp, started.body.id, 'connected', 20_000);
    // The opener hears the lead (the echo of the opener's own tone) before anything else happens.
    await eventually(async () => (tab.loud > 25 ? true : undefined), 10_000);
    return { callId: started.body.id, tab };
  }

  async function offerTo(callId: string, mode: 'warm' | 'blind') {
    const offered = await http.post<TransferView>(
      `/dialer/calls/${callId}/transfer`,
      { closerId: closer.user._id.toHexString(), mode, note: 'Ready to buy' },
      { token: opener.accessToken },
    );
    expect(offered.status).toBe(201);
    return offered.body;
  }

  /** The closer's panel: a fresh connection's offer, then the answer over the API. */
  async function accept(transferId: string) {
    const tab = tabOf(closer);
    expect(await tab.offer()).toEqual({ ok: true });
    const accepted = await http.post<TransferView>(`/dialer/transfers/${transferId}/accept`, undefined, {
      token: closer.accessToken,
    });
    return { tab, accepted };
  }

  async function endAs(agent: CreatedUser, callId: string) {
    expect((await http.post(`/dialer/calls/${callId}/end`, undefined, { token: agent.accessToken })).status).toBe(200);
    await waitForCallState(testApp, callId, 'idle', 15_000);
  }

  it('warm: the closer joins, the three talk, the opener completes and leaves; the closer then hears their own echo from the lead', async () => {
    const { callId, tab: openerTab } = await openerOnCall('Warm Room Lead');
    const transfer = await offerTo(callId, 'warm');
    const { tab: closerTab, accepted } = await accept(transfer.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.state).toBe('conference');
    // Three-way: the closer hears the opener and the lead; the opener still hears the lead (and the closer).
    await eventually(async () => (closerTab.loud > 25 ? true : undefined), 10_000);
    expect(await loudDuring(openerTab, 1_000)).toBeGreaterThan(20);

    const completed = await http.post<TransferView>(`/dialer/transfers/${transfer.id}/complete`, undefined, {
      token: opener.accessToken,
    });
    expect(completed.status).toBe(200);
    expect((await storedCall(testApp, callId)).agentId.toHexString()).toBe(closer.user._id.toHexString());
    await new Promise((resolve) => setTimeout(resolve, 500));
    await openerHearsNothing(openerTab);
    // The closer is alone with the lead: what is loud now is the lead phone echoing the closer's own tone.
    expect(await loudDuring(closerTab, 2_000)).toBeGreaterThan(50);
    // One INVITE: the lead's leg was never touched.
    expect(readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === '5550100005')).toHaveLength(1);
    await endAs(closer, callId);
  }, 90_000);

  it("blind: on accept the call is the closer's at once and the closer hears the lead", async () => {
    const { callId, tab: openerTab } = await openerOnCall('Blind Room Lead');
    const transfer = await offerTo(callId, 'blind');
    const { tab: closerTab, accepted } = await accept(transfer.id);
    expect(accepted.body.state).toBe('completed');
    await eventually(async () => (closerTab.loud > 25 ? true : undefined), 10_000);
    await openerHearsNothing(openerTab);
    expect(await loudDuring(closerTab, 2_000)).toBeGreaterThan(50);
    await endAs(closer, callId);
  }, 90_000);

  it("a closer whose tab kept its connection from their own last call accepts on it: no new offer, the kept participant moves into the call's room", async () => {
    // The closer's own call first: after it the tab's participant stays in the closer's room (the panel keeps it).
    const closerTab = tabOf(closer);
    expect(await closerTab.offer()).toEqual({ ok: true });
    const own = await http.post<CallView>('/dialer/calls', { phone: '5550100005' }, { token: closer.accessToken });
    expect(own.status).toBe(201);
    await waitForCallState(testApp, own.body.id, 'connected', 20_000);
    await endAs(closer, own.body.id);

    const { callId, tab: openerTab } = await openerOnCall('Kept Connection Lead');
    const transfer = await offerTo(callId, 'warm');
    const loudBefore = closerTab.loud;
    const answers: string[] = [];
    const onAnswer = (answer: PhoneAnswerPayload) => answers.push(answer.offerId);
    socketOf(closer).on(SocketEvents.phoneAnswer, onAnswer);
    const accepted = await http.post<TransferView>(`/dialer/transfers/${transfer.id}/accept`, undefined, {
      token: closer.accessToken,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.state).toBe('conference');
    // The same connection carries the call: the opener's tone and the lead's echo reach it, and nothing was
    // negotiated (no answer came for any offer).
    await eventually(async () => (closerTab.loud - loudBefore > 25 ? true : undefined), 10_000);
    socketOf(closer).off(SocketEvents.phoneAnswer, onAnswer);
    expect(answers).toEqual([]);

    const completed = await http.post<TransferView>(`/dialer/transfers/${transfer.id}/complete`, undefined, {
      token: opener.accessToken,
    });
    expect(completed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await openerHearsNothing(openerTab);
    // Alone with the lead on the kept connection: the lead phone echoing the closer's own tone.
    expect(await loudDuring(closerTab, 2_000)).toBeGreaterThan(50);
    await endAs(closer, callId);
  }, 90_000);

  it('declined: the closer never joins, the lead stays with the opener, who still hears the echo', async () => {
    const { callId, tab: openerTab } = await openerOnCall('Declined Room Lead');
    const transfer = await offerTo(callId, 'warm');
    const declined = await http.post<TransferView>(`/dialer/transfers/${transfer.id}/decline`, undefined, {
      token: closer.accessToken,
    });
    expect(declined.body.state).toBe('declined');
    expect(await loudDuring(openerTab, 2_000)).toBeGreaterThan(50);
    const call = await storedCall(testApp, callId);
    expect(call.state).toBe('connected');
    expect(call.agentId.toHexString()).toBe(opener.user._id.toHexString());
    await endAs(opener, callId);
  }, 90_000);
});
