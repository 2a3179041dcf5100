// The room model's tap (issue 31): the server's RTP relay hands the lead's side of a call to the objection spotter.
// 555-010-0008 on the local carrier says "Honestly, I'm not interested."; the agent is sent the rebuttal and the
// objection is stored with the call at its time in the recording.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type RebuttalAssistPayload, type RebuttalSuggestedPayload } from '../../shared/events.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { ListenedCall } from '../../shared/schemas/rebuttals/call-listening.js';
import { espeakProblem } from '../../server/platform/speech/lead-speech.js';
import { speechProblem } from '../../server/platform/speech/objection-spotter.js';
import {
  localCarrierProblem,
  startLocalCarrier,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { dialingCampaign, waitForCallState } from '../support/dialer.js';
import { client, eventually } from '../support/http.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem() ?? speechProblem() ?? espeakProblem();

describe.skipIf(missing !== null)("the room model's lead audio reaches the objection spotter", () => {
  let carrier: LocalCarrier;
  let dataDir: string;
  let testApp: TestApp;
  let tab: WebrtcAgentTab | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cw-room-rebuttals-'));
    carrier = await startLocalCarrier({ dataDir });
    testApp = await buildTestApp({
      env: {
        PHONE_PROVIDER: 'sip',
        SIP_CALL_MODEL: 'room',
        JANUS_URL: carrier.janusUrl,
        JANUS_API_SECRET: carrier.apiSecret,
        SIP_PROXY: carrier.sipUri,
        SIP_RING_TIMEOUT_S: '5',
      },
    });
  }, 90_000);

  afterAll(async () => {
    await tab?.close();
    await testApp?.close();
    await carrier?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('555-010-0008: rebuttal:suggested for "not interested", stored at its time in the recording', async () => {
    const http = client(`${testApp.url}/api`);
    const { agents } = await dialingCampaign(testApp, 1);
    const agent = agents[0]!;
    const socket = await testApp.socket(agent.accessToken);
    const assists: RebuttalAssistPayload[] = [];
    const suggestions: RebuttalSuggestedPayload[] = [];
    socket.on(SocketEvents.rebuttalAssist, (payload) => assists.push(payload));
    socket.on(SocketEvents.rebuttalSuggested, (payload) => suggestions.push(payload));
    tab = new WebrtcAgentTab(socket);
    expect(await tab.offer()).toEqual({ ok: true });
    const started = await http.post<CallView>('/dialer/calls', { phone: '5550100008' }, { token: agent.accessToken });
    expect(started.status).toBe(201);
    const callId = started.body.id;
    await waitForCallState(testApp, callId, 'connected', 20_000);
    await expect.poll(() => assists, { timeout: 10_000 }).toEqual([{ callId, assisted: true }]);
    await expect.poll(() => suggestions.map((s) => s.objection), { timeout: 15_000 }).toEqual(['not interested']);
    await http.post(`/dialer/calls/${callId}/end`, undefined, { token: agent.accessToken });
    const listened = await eventually(async () => {
      const answer = await http.get<ListenedCall>(`/rebuttals/calls/${callId}`, { token: agent.accessToken });
      return answer.body.listened ? answer.body : undefined;
    }, 30_000);
    // The line starts 0.4 s into the lead phone's audio; "not interested" is its second half (about 1.4-2.4 s), and
    // the recording time adds the moment between the answer and the first packet.
    expect(listened.objections).toHaveLength(1);
    expect(listened.objections[0]!.startMs).toBeGreaterThan(1_000);
    expect(listened.objections[0]!.endMs).toBeLessThan(4_000);
    socket.disconnect();
  }, 90_000);
});
