import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, storedCall, waitForCallState, zoneWithLocalHour } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';

// A hand dial right after a call ends: the panel offers Call at once, while the provider frees the line 1 s after the
// end (the idle step). The simulator runs at the spec's own speed so that second is there to dial into.
let testApp: TestApp;
let http: ReturnType<typeof client>;
let agent: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp();
  http = client(`${testApp.url}/api`);
  const setup = await createCampaignWithAgents(testApp, 1);
  [agent] = setup.agents;
  await http.patch(
    `/campaigns/${setup.campaignId}`,
    { timeZone: zoneWithLocalHour(10, 18) },
    { token: setup.owner.accessToken },
  );
  await connectDialer(testApp, agent!.accessToken);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('redial', () => {
  it('a dial inside the second before the idle step frees the line first instead of answering "Call already in progress"', async () => {
    const first = await http.post<CallView>('/dialer/calls', { phone: '5554000101' }, { token: agent!.accessToken });
    expect(first.status).toBe(201);
    await waitForCallState(testApp, first.body.id, 'connected', 15_000);
    expect(
      (await http.post(`/dialer/calls/${first.body.id}/end`, undefined, { token: agent!.accessToken })).status,
    ).toBe(200);
    await waitForCallState(testApp, first.body.id, 'ended', 5_000);

    const second = await http.post<CallView & { error?: string }>(
      '/dialer/calls',
      { phone: '5554000102' },
      { token: agent!.accessToken },
    );
    expect(second.body.error).toBeUndefined();
    expect(second.status).toBe(201);
    const ended = await storedCall(testApp, first.body.id);
    const endedAt = ended.timeline.find((t) => t.state === 'ended')!.at.getTime();
    const idleAt = ended.timeline.find((t) => t.state === 'idle')!.at.getTime();
    // The line was freed when its idle step was due, not earlier.
    expect(idleAt - endedAt).toBeGreaterThanOrEqual(testApp.platform.phone.timings.idleMs - 50);
    expect(ended.live).toBeUndefined();
  }, 40_000);
});
