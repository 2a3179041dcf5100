import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createCallableLead, dialingCampaign, storedCall, waitForCallState } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

// Disclosure and consent (issue 30) with the simulator: who sets the campaign's switches, and which answered calls
// are left unrecorded (the lead's state as the calling-hours rules read it). The local carrier's audio side is
// tests/integration/dialer-sip-room-consent.test.ts.
let testApp: TestApp;
let http: ReturnType<typeof client>;
let campaignId: string;
let owner: CreatedUser;
let alice: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ simulator: { speed: 10 } });
  http = client(`${testApp.url}/api`);
  const setup = await dialingCampaign(testApp, 1);
  ({ campaignId, owner } = setup);
  [alice] = setup.agents as [CreatedUser];
});

afterAll(async () => {
  await testApp?.close();
});

async function answeredCall(phone: string, details: Record<string, unknown>, name: string) {
  const lead = await createCallableLead(testApp, campaignId, alice.user, phone, { name, details });
  const started = await http.post<CallView>(
    '/dialer/calls',
    { phone, leadId: lead._id.toHexString() },
    { token: alice.accessToken },
  );
  expect(started.status).toBe(201);
  await waitForCallState(testApp, started.body.id, 'idle', 15_000);
  return started.body.id;
}

describe('recording consent by campaign', () => {
  it('only the owner or an admin sets the switches; they are booleans', async () => {
    const byAgent = await http.patch(
      `/campaigns/${campaignId}`,
      { noRecordingInConsentStates: true },
      { token: alice.accessToken },
    );
    expect(byAgent.status).toBe(403);
    const notBoolean = await http.patch(
      `/campaigns/${campaignId}`,
      { announceRecording: 'yes' },
      { token: owner.accessToken },
    );
    expect(notBoolean.status).toBe(400);
    const saved = await http.patch<CampaignDetail>(
      `/campaigns/${campaignId}`,
      { noRecordingInConsentStates: true },
      { token: owner.accessToken },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ announceRecording: false, noRecordingInConsentStates: true });
  });

  it('leaves consent-state leads unrecorded (by their state or their area code), records the others, and Call History says which', async () => {
    const pennsylvania = await answeredCall('5552003001', { state: 'PA' }, 'Penn Lead');
    const florida = await answeredCall('3055552002', {}, 'Miami Lead');
    const texas = await answeredCall('5552003003', { state: 'TX' }, 'Texas Lead');
    await eventually(async () => ((await storedCall(testApp, texas)).recordingId ? true : undefined), 10_000);
    for (const [id, state] of [
      [pennsylvania, 'PA'],
      [florida, 'FL'],
    ] as const) {
      const doc = await storedCall(testApp, id);
      expect(doc.status).toBe('answered');
      expect(doc.recordingId).toBeUndefined();
      expect(doc.recordingOff).toEqual({ reason: 'consent-state', state });
    }
    const history = await http.get<CallHistoryPage>('/calls', { token: alice.accessToken });
    const row = (id: string) => history.body.items.find((item) => item.id === id);
    expect(row(pennsylvania)).toMatchObject({ recordingOff: { state: 'PA' } });
    expect(row(pennsylvania)?.recordingUrl).toBeUndefined();
    expect(row(texas)?.recordingUrl).toBeDefined();
    expect(row(texas)?.recordingOff).toBeUndefined();

    // With the announcement on, the same state is recorded.
    await http.patch(`/campaigns/${campaignId}`, { announceRecording: true }, { token: owner.accessToken });
    const announced = await answeredCall('5552003004', { state: 'PA' }, 'Penn Lead Two');
    await eventually(async () => ((await storedCall(testApp, announced)).recordingId ? true : undefined), 10_000);
    expect(await storedCall(testApp, announced)).toMatchObject({ announceRecording: true });
  });
});
