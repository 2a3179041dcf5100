import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { DialerState } from '../../shared/schemas/dialer/state.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, recordCallStates, storedCall, waitForCallState, zoneWithLocalHour } from '../support/dialer.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import type { CreatedUser } from '../support/factories.js';

// Hold and the keypad over HTTP and sockets with the simulator (PHONE_PROVIDER=simulator, what `npm start` runs): the
// routes' checks and the states every tab sees. The simulator runs 10x faster (hold applied after 30 ms).
let testApp: TestApp;
let http: ReturnType<typeof client>;
let alice: CreatedUser;
let bob: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ simulator: { speed: 10 } });
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

describe('hold and the keypad (simulator)', () => {
  it('the phone offers hold and the keypad', async () => {
    const state = await http.get<DialerState>('/dialer/state', { token: alice.accessToken });
    expect(state.body.phone).toMatchObject({ hold: true, keypad: true });
  });

  it('hold and resume: every tab sees held, then not held, each view newer than the last; the end clears it', async () => {
    const tab = await testApp.socket(alice.accessToken);
    const seen = recordCallStates(tab);
    const placed = await http.post<CallView>('/dialer/calls', { phone: '5550100005' }, { token: alice.accessToken });
    expect(placed.status).toBe(201);
    const id = placed.body.id;
    expect(placed.body.held).toBe(false);
    // Ringing: nobody to hold yet.
    const early = await http.post(`/dialer/calls/${id}/hold`, { held: true }, { token: alice.accessToken });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('Only a connected call can be put on hold or resumed.');
    await waitForCallState(testApp, id, 'connected', 10_000);

    const hold = await http.post<CallView>(`/dialer/calls/${id}/hold`, { held: true }, { token: alice.accessToken });
    expect(hold.status).toBe(202);
    await eventually(async () => (seen.some((s) => s.call?.id === id && s.call.held) ? true : undefined));
    expect((await storedCall(testApp, id)).held).toBe(true);
    const keys = await http.post<CallView>(
      `/dialer/calls/${id}/digits`,
      { digits: '12#' },
      { token: alice.accessToken },
    );
    expect(keys.status).toBe(200);

    expect((await http.post(`/dialer/calls/${id}/hold`, { held: false }, { token: alice.accessToken })).status).toBe(
      202,
    );
    await eventually(async () =>
      seen.some((s) => s.call?.id === id && !s.call.held && s.call.version > hold.body.version + 1) ? true : undefined,
    );
    const views = seen.filter((s) => s.call?.id === id).map((s) => s.call!);
    expect(views.map((v) => v.held)).toContain(true);
    // Every push of the call is a newer version than the one before (the panel drops an older one).
    for (let i = 1; i < views.length; i++) expect(views[i]!.version).toBeGreaterThanOrEqual(views[i - 1]!.version);

    await http.post(`/dialer/calls/${id}/hold`, { held: true }, { token: alice.accessToken });
    await eventually(async () => ((await storedCall(testApp, id)).held ? true : undefined));
    await http.post(`/dialer/calls/${id}/end`, undefined, { token: alice.accessToken });
    await waitForCallState(testApp, id, 'idle', 10_000);
    expect((await storedCall(testApp, id)).held).toBe(false);
    const late = await http.post(`/dialer/calls/${id}/hold`, { held: false }, { token: alice.accessToken });
    expect(late.status).toBe(409);
    const lateKeys = await http.post(`/dialer/calls/${id}/digits`, { digits: '1' }, { token: alice.accessToken });
    expect(lateKeys.status).toBe(409);
    expect(lateKeys.body.error).toBe('Keypad keys can only be sent on a connected call.');
    tab.disconnect();
  });

  it('refuses the signed-out (401), a bad body (400 with what is wrong), another agent (403) and an unknown call (404)', async () => {
    const placed = await http.post<CallView>('/dialer/calls', { phone: '5550100005' }, { token: bob.accessToken });
    const id = placed.body.id;
    await waitForCallState(testApp, id, 'connected', 10_000);
    try {
      expect((await http.post(`/dialer/calls/${id}/hold`, { held: true })).status).toBe(401);
      expect((await http.post(`/dialer/calls/${id}/digits`, { digits: '1' })).status).toBe(401);

      for (const body of [{}, { held: 'yes' }, undefined]) {
        const bad = await http.post(`/dialer/calls/${id}/hold`, body, { token: bob.accessToken });
        expect(bad.status).toBe(400);
        expect(bad.body.error).toBe('Say whether to hold or resume the call.');
      }
      for (const digits of ['', '12a', '1'.repeat(33), 5]) {
        const bad = await http.post(`/dialer/calls/${id}/digits`, { digits }, { token: bob.accessToken });
        expect(bad.status).toBe(400);
        expect(bad.body.error).toBe('Keys must be 1 to 32 of 0-9, * and #.');
      }

      const theirs = await http.post(`/dialer/calls/${id}/hold`, { held: true }, { token: alice.accessToken });
      expect(theirs.status).toBe(403);
      expect(theirs.body.error).toBe('You can only control your own calls.');
      expect(
        (await http.post(`/dialer/calls/${id}/digits`, { digits: '1' }, { token: alice.accessToken })).status,
      ).toBe(403);
      expect((await storedCall(testApp, id)).held).not.toBe(true);

      const unknown = await http.post(
        '/dialer/calls/0123456789abcdef01234567/hold',
        { held: true },
        { token: bob.accessToken },
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Call not found.');
    } finally {
      await http.post(`/dialer/calls/${id}/end`, undefined, { token: bob.accessToken });
      await waitForCallState(testApp, id, 'idle', 10_000);
    }
  });
});
