// ICE restart of a connected SIP call: the agent's tab sends an ICE-restart offer on its connection (`phone:restart`),
// the app passes it to Janus's SIP plugin as `update`, Janus re-INVITEs the lead phone and answers with new ICE
// credentials; the call stays connected. Against the local carrier, with a werift peer as the tab
// (tests/support/webrtc-agent.ts). Audio after the restart is not asserted: werift does not resume its media after
// its own ICE restart, even with another werift peer (docs/telephony.md, "ICE restart").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketRequests } from '../../shared/events.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  startLocalCarrier,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, storedCall, waitForCallState, zoneWithLocalHour } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();
const iceUfrag = (sdp: string | undefined) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1];

describe.skipIf(missing !== null)('ICE restart of a SIP call through Janus', () => {
  let carrier: LocalCarrier;
  let dataDir: string;
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let alice: CreatedUser;
  let bob: CreatedUser;
  const tabs: WebrtcAgentTab[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cw-sip-ice-'));
    carrier = await startLocalCarrier({ dataDir });
    testApp = await buildTestApp({
      env: {
        PHONE_PROVIDER: 'sip',
        JANUS_URL: carrier.janusUrl,
        JANUS_API_SECRET: carrier.apiSecret,
        SIP_PROXY: carrier.sipUri,
        SIP_RECORDINGS_DIR: path.join(dataDir, 'recordings'),
      },
    });
    http = client(`${testApp.url}/api`);
    const setup = await createCampaignWithAgents(testApp, 2);
    [alice, bob] = setup.agents;
    await http.patch(
      `/campaigns/${setup.campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18) },
      { token: setup.owner.accessToken },
    );
    await Promise.all([connectDialer(testApp, alice.accessToken), connectDialer(testApp, bob.accessToken)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await testApp?.close();
    await carrier?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const callDoc = (id: string) => storedCall(testApp, id);
  const waitForState = (id: string, state: string, ms = 20_000) => waitForCallState(testApp, id, state, ms);

  it('passes the offer to Janus as update, acks with its answer, and the call goes on connected', async () => {
    const socket = await testApp.socket(alice.accessToken);
    const tab = new WebrtcAgentTab(socket);
    tabs.push(tab);
    // Before any call the connection has nothing to restart.
    expect(await socket.emitWithAck(SocketRequests.phoneRestart, { offerId: tab.offerId, sdp: 'v=0\r\n' })).toEqual({
      ok: false,
      error: 'The connection could not be restarted.',
    });

    expect(await tab.offer()).toEqual({ ok: true });
    const started = await http.post<CallView>('/dialer/calls', { phone: '555-010-0005' }, { token: alice.accessToken });
    expect(started.status).toBe(201);
    const id = started.body.id;
    await waitForState(id, 'connected');
    await eventually(async () => (tab.received > 25 ? true : undefined), 10_000);
    const firstAnswer = tab.answered?.sdp;

    // Another agent cannot restart (or learn anything about) Alice's connection.
    const bobSocket = await testApp.socket(bob.accessToken);
    expect(
      (
        await bobSocket.emitWithAck(SocketRequests.phoneRestart, {
          offerId: tab.offerId,
          sdp: tab.pc.localDescription!.sdp,
        })
      ).ok,
    ).toBe(false);
    expect(await socket.emitWithAck(SocketRequests.phoneRestart, { offerId: tab.offerId, sdp: 'not an sdp' })).toEqual({
      ok: false,
      error: 'Invalid offer.',
    });
    // A call's offer gets the same checks: a malformed one is refused and changes nothing of the call in progress.
    expect(await socket.emitWithAck(SocketRequests.phoneOffer, { offerId: 'not an id!', sdp: 'v=0\r\n' })).toEqual({
      ok: false,
      error: 'Invalid offer.',
    });
    expect(
      await socket.emitWithAck(SocketRequests.phoneOffer, {
        offerId: 'next-call',
        sdp: `v=0\r\n${'a'.repeat(20_000)}`,
      }),
    ).toEqual({ ok: false, error: 'Invalid offer.' });

    const offeredUfrag = iceUfrag(tab.pc.localDescription?.sdp);
    const restarted = await tab.restartIce();
    expect(restarted).toMatchObject({ ok: true });
    expect(restarted.sdp).toMatch(/PCMU|PCMA/);
    // New ICE credentials on both sides: a restart, not the first answer again.
    expect(iceUfrag(tab.pc.localDescription?.sdp)).not.toBe(offeredUfrag);
    expect(iceUfrag(restarted.sdp)).not.toBe(iceUfrag(firstAnswer));

    // The call is still the same connected call (the lead phone took the re-INVITE; an unanswered one would end it).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const doc = await callDoc(id);
    expect(doc.state).toBe('connected');
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected']);
    // One INVITE at the lead phone: the restart's re-INVITE is in the same dialog, not a new call.
    expect(readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === '5550100005')).toHaveLength(1);

    const ended = await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken });
    expect(ended.status).toBe(200);
    await waitForState(id, 'idle');
    expect(await callDoc(id)).toMatchObject({ status: 'answered' });
  }, 90_000);
});
