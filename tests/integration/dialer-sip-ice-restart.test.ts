// ICE restart of a connected SIP call: the agent's tab sends an ICE-restart offer on its connection (`phone:restart`),
// the app passes it to the agent's participant in the call's AudioBridge room (`configure` with the offer; with
// SIP_CALL_MODEL=plugin, Janus's SIP plugin `update`, which re-INVITEs the lead phone) and Janus answers with new ICE
// credentials; the call stays connected. Against the local carrier, with a werift peer as the tab
// (tests/support/webrtc-agent.ts). Audio after the restart is not asserted: werift does not resume its media after
// its own ICE restart, even with another werift peer (docs/telephony.md, "ICE restart").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketRequests } from '../../shared/events.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import type { TestApp } from '../support/app.js';
import { storedCall, waitForCallState } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { startSipTestApp, type SipTestApp } from '../support/sip-app.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();
const iceUfrag = (sdp: string | undefined) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1];

describe.skipIf(missing !== null)('ICE restart of a SIP call through Janus', () => {
  let sip: SipTestApp;
  let carrier: LocalCarrier;
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let alice: CreatedUser;
  let bob: CreatedUser;
  const tabs: WebrtcAgentTab[] = [];

  beforeAll(async () => {
    sip = await startSipTestApp({ agents: 2, dataDirPrefix: 'cw-sip-ice-' });
    ({ carrier, testApp, http } = sip);
    [alice, bob] = sip.agents;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await sip?.close();
  });

  const callDoc = (id: string) => storedCall(testApp, id);
  const waitForState = (id: string, state: string, ms = 20_000) => waitForCallState(testApp, id, state, ms);

  it("passes the offer to the agent's participant in Janus, acks with its answer, and the call goes on connected", async () => {
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

    // The call is still the same connected call (the lead's leg is untouched by the agent's ICE restart).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const doc = await callDoc(id);
    expect(doc.state).toBe('connected');
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected']);
    // One INVITE at the lead phone: the restart is not a new call.
    expect(readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === '5550100005')).toHaveLength(1);

    const ended = await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken });
    expect(ended.status).toBe(200);
    await waitForState(id, 'idle');
    expect(await callDoc(id)).toMatchObject({ status: 'answered' });
  }, 90_000);
});
