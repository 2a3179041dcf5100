import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type RebuttalAssistPayload, type RebuttalSuggestedPayload } from '../../shared/events.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { ListenedCall, ObjectionInsights } from '../../shared/schemas/rebuttals/call-listening.js';
import { findCampaignById } from '../../server/features/campaigns/public.js';
import { callTranscriptsCollection } from '../../server/features/rebuttals/repository.js';
import { saveRebuttal } from '../../server/features/rebuttals/service.js';
import { speechProblem } from '../../server/platform/speech/objection-spotter.js';
import { espeakProblem } from '../../server/platform/speech/lead-speech.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, createCallableLead, waitForCallState } from '../support/dialer.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';

const missing = speechProblem() ?? espeakProblem();
if (missing) console.warn(`call listening tests skipped: ${missing}`);

/**
 * The simulator's talking lead 555-010-0008 says "Honestly, I'm not interested." after answering: the call's lead
 * audio reaches the node's objection spotter, the agent is sent the campaign's rebuttal, and afterwards the objection
 * (with its time), the machine-made transcript and the Insights counts are stored and served.
 */
describe.skipIf(missing !== null)('objections heard in a call, stored with it and counted in Insights', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ simulator: { speed: 10 } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('listens to the talking lead, keeps what was heard with the call and counts it per agent and campaign', async () => {
    const { platform } = testApp;
    const http = client(`${testApp.url}/api`);
    const { campaignId, owner, agents } = await createCampaignWithAgents(testApp, 2);
    const [agent, otherAgent] = agents;
    const campaign = (await findCampaignById(platform.db, campaignId))!;
    await saveRebuttal(platform, {
      objection: "I'm not interested.",
      campaign: campaign.slug,
      category: 'Interest',
      rebuttal: 'Most of our clients said that before they saw the savings.',
      phrases: [],
    });
    const lead = await createCallableLead(testApp, campaignId, agent!.user, '5550100008');
    await connectDialer(testApp, agent!.accessToken);
    const socket = await testApp.socket(agent!.accessToken);
    const assists: RebuttalAssistPayload[] = [];
    const suggestions: RebuttalSuggestedPayload[] = [];
    socket.on(SocketEvents.rebuttalAssist, (payload) => assists.push(payload));
    socket.on(SocketEvents.rebuttalSuggested, (payload) => suggestions.push(payload));

    const placed = await http.post<CallView>(
      '/dialer/calls',
      { phone: '5550100008', leadId: lead._id.toHexString() },
      { token: agent!.accessToken },
    );
    expect(placed.status).toBe(201);
    const callId = placed.body.id;
    await waitForCallState(testApp, callId, 'connected', 15_000);
    await expect.poll(() => assists, { timeout: 15_000 }).toEqual([{ callId, assisted: true }]);
    await expect.poll(() => suggestions.length, { timeout: 20_000 }).toBe(1);
    expect(suggestions[0]).toMatchObject({
      callId,
      objection: 'not interested',
      rebuttal: { text: 'Most of our clients said that before they saw the savings.', source: 'library' },
    });

    const listened = await eventually(async () => {
      const answer = await http.get<ListenedCall>(`/rebuttals/calls/${callId}`, { token: owner.accessToken });
      return answer.status === 200 && answer.body.transcript ? answer.body : undefined;
    }, 60_000);
    expect(listened.listened).toBe(true);
    expect(listened.objections).toEqual([
      expect.objectContaining({
        phrase: 'not interested',
        rebuttal: 'Most of our clients said that before they saw the savings.',
      }),
    ]);
    // "Honestly, I'm not interested." starts 0.4 s into the lead's audio, which starts once espeak-ng has made it.
    expect(listened.objections[0]!.startMs).toBeGreaterThanOrEqual(1_000);
    expect(listened.objections[0]!.endMs).toBeLessThan(8_000);
    expect(listened.transcript!.label).toMatch(/Machine-made/);
    expect(listened.transcript!.lines.length).toBeGreaterThan(0);
    const stored = await callTranscriptsCollection(platform.db).indexes();
    expect(stored.find((index) => index.key.createdAt === 1)?.expireAfterSeconds).toBe(90 * 86_400);
    // Another agent of the campaign may not read this agent's call.
    expect((await http.get(`/rebuttals/calls/${callId}`, { token: otherAgent!.accessToken })).status).toBe(403);

    await http.post(`/dialer/calls/${callId}/end`, undefined, { token: agent!.accessToken });
    await waitForCallState(testApp, callId, 'idle', 15_000);
    const closed = await http.post(
      `/leads/${lead._id.toHexString()}/close`,
      { dealValue: 1000 },
      { token: agent!.accessToken },
    );
    expect(closed.status).toBe(201);

    const insights = await http.get<ObjectionInsights>('/rebuttals/insights?period=last-4-weeks', {
      token: owner.accessToken,
    });
    expect(insights.status).toBe(200);
    expect(insights.body).toMatchObject({
      listenedCalls: 1,
      byAgent: [{ id: agent!.user._id.toHexString(), calls: 1, objections: 1 }],
      byCampaign: [{ id: campaignId, calls: 1, objections: 1 }],
      byPhrase: [{ phrase: 'not interested', count: 1 }],
      rebuttals: [{ text: 'Most of our clients said that before they saw the savings.', shown: 1, beforeDeal: 1 }],
    });
    const others = await http.get<ObjectionInsights>('/rebuttals/insights?period=last-4-weeks', {
      token: otherAgent!.accessToken,
    });
    expect(others.body.listenedCalls).toBe(0);
    const outsider = await createUser(testApp);
    expect(
      (await http.get<ObjectionInsights>('/rebuttals/insights', { token: outsider.accessToken })).body.listenedCalls,
    ).toBe(0);
    socket.disconnect();
  }, 150_000);
});
