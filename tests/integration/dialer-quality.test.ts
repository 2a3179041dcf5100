// Call quality samples from the agent's tab (`call:quality`): stored as a summary on the agent's own live call only,
// clamped, with the MOS estimated by the server; the summary is on the call view and in Call History.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketRequests } from '../../shared/events.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import { estimateMos } from '../../shared/schemas/dialer/quality.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, storedCall, waitForCallState, zoneWithLocalHour } from '../support/dialer.js';
import { client } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import type { CreatedUser } from '../support/factories.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
let alice: CreatedUser;
let bob: CreatedUser;

beforeAll(async () => {
  // The simulated lead talks for a minute: the call stays connected until the test ends it.
  testApp = await buildTestApp({ simulator: { speed: 10, talkMs: 600_000 } });
  http = client(`${testApp.url}/api`);
  const setup = await createCampaignWithAgents(testApp, 2);
  [alice, bob] = setup.agents;
  await http.patch(
    `/campaigns/${setup.campaignId}`,
    { timeZone: zoneWithLocalHour(10, 18) },
    { token: setup.owner.accessToken },
  );
  await Promise.all([connectDialer(testApp, alice.accessToken), connectDialer(testApp, bob.accessToken)]);
});

afterAll(async () => {
  await testApp?.close();
});

const callDoc = (id: string) => storedCall(testApp, id);
const waitForState = (id: string, state: string) => waitForCallState(testApp, id, state, 10_000);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('call quality samples', () => {
  it("stores the agent's samples on their connected call, clamped and with the server's MOS, and shows the summary in Call History", async () => {
    const socket = await testApp.socket(alice.accessToken);
    const started = await http.post<CallView>('/dialer/calls', { phone: '5553001001' }, { token: alice.accessToken });
    expect(started.status).toBe(201);
    const id = started.body.id;

    // Still ringing: nothing to measure yet.
    expect(
      await socket.emitWithAck(SocketRequests.callQuality, { callId: id, rttMs: 50, jitterMs: 5, lossPercent: 0 }),
    ).toEqual({ ok: false, error: 'Not your live call.' });
    await waitForState(id, 'connected');

    expect(
      await socket.emitWithAck(SocketRequests.callQuality, { callId: id, rttMs: 80, jitterMs: 4, lossPercent: 0 }),
    ).toEqual({ ok: true });
    // Another sample within the same second is dropped.
    expect(
      (await socket.emitWithAck(SocketRequests.callQuality, { callId: id, rttMs: 80, jitterMs: 4, lossPercent: 0 })).ok,
    ).toBe(false);
    await pause(1_100);
    // Out of range figures are held to the limits (loss at most 100 %), and a MOS sent along is refused with the sample.
    const withMos = { callId: id, rttMs: 80, jitterMs: 4, lossPercent: 0, mos: 4.5 } as never;
    expect(await socket.emitWithAck(SocketRequests.callQuality, withMos)).toEqual({
      ok: false,
      error: 'Invalid sample.',
    });
    expect(
      await socket.emitWithAck(SocketRequests.callQuality, { callId: id, rttMs: 520, jitterMs: 45, lossPercent: 400 }),
    ).toEqual({ ok: true });

    const doc = await callDoc(id);
    expect(doc.quality).toMatchObject({
      samples: 2,
      poorSamples: 1,
      worst: { rttMs: 520, jitterMs: 45, lossPercent: 100, mos: 1 },
    });

    const fine = estimateMos({ rttMs: 80, jitterMs: 4, lossPercent: 0 });
    const view = await http.get<CallHistoryPage>('/calls', { token: alice.accessToken });
    const item = view.body.items.find((call) => call.id === id);
    expect(item?.quality).toEqual({
      samples: 2,
      poorSamples: 1,
      average: { rttMs: 300, jitterMs: 24.5, lossPercent: 50, mos: Math.round(((fine + 1) / 2) * 100) / 100 },
      worst: { rttMs: 520, jitterMs: 45, lossPercent: 100, mos: 1 },
    });

    await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken });
    await waitForState(id, 'idle');
    await pause(1_100);
    // The call is over: no more samples.
    expect(
      (await socket.emitWithAck(SocketRequests.callQuality, { callId: id, rttMs: 80, jitterMs: 4, lossPercent: 0 })).ok,
    ).toBe(false);
    expect((await callDoc(id)).quality?.samples).toBe(2);
  });

  it("refuses samples for another agent's call and malformed ones", async () => {
    const started = await http.post<CallView>('/dialer/calls', { phone: '5553001002' }, { token: alice.accessToken });
    const id = started.body.id;
    await waitForState(id, 'connected');
    const bobSocket = await testApp.socket(bob.accessToken);
    expect(
      await bobSocket.emitWithAck(SocketRequests.callQuality, {
        callId: id,
        rttMs: 900,
        jitterMs: 90,
        lossPercent: 30,
      }),
    ).toEqual({ ok: false, error: 'Not your live call.' });
    const aliceSocket = await testApp.socket(alice.accessToken);
    for (const bad of [
      null,
      'x',
      { callId: 'nope', rttMs: 1, jitterMs: 1, lossPercent: 1 },
      { callId: id, rttMs: '1', jitterMs: 1, lossPercent: 1 },
      { callId: id, rttMs: -1, jitterMs: 1, lossPercent: 1 },
    ]) {
      expect(await aliceSocket.emitWithAck(SocketRequests.callQuality, bad as never)).toEqual({
        ok: false,
        error: 'Invalid sample.',
      });
    }
    expect((await callDoc(id)).quality).toBeUndefined();
    await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken });
    await waitForState(id, 'idle');
  });
});
