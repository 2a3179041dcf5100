// PHONE_PROVIDER=sip in the compose shape: the API process holds the agent's Janus session and the tab's offer, and
// the `calls` worker runs in a process of its own (`npm run worker`). Auto-dial's steps run in that worker; each one
// for a session the API process holds is handed to that process's own queue, so the calls still go out on time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { createLogger } from '../../server/platform/logger.js';
import { localCarrierProblem, readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import { startRuntime, type Runtime } from '../../server/runtime.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { autoDialOverWebrtc, connectDialer, zoneWithLocalHour } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import { startSipCarrier, type SipCarrierSite } from '../support/sip-app.js';
import { WebrtcAutoDialTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)('auto-dial over SIP with the calls worker in another process', () => {
  let site: SipCarrierSite;
  let api: TestApp;
  let worker: Runtime;
  let http: ReturnType<typeof client>;
  let alice: CreatedUser;
  let tab: WebrtcAutoDialTab | undefined;

  beforeAll(async () => {
    site = await startSipCarrier('cw-sip-worker-');
    api = await buildTestApp({ workers: false, env: { ...site.env, SIP_RING_TIMEOUT_S: '3' } });
    worker = await startRuntime(api.config, {
      api: false,
      workers: true,
      embedded: false,
      seed: false,
      log: createLogger(api.config.logLevel, 'test-worker'),
    });
    http = client(`${api.url}/api`);
    const setup = await createCampaignWithAgents(api, 1);
    [alice] = setup.agents;
    await http.patch(
      `/campaigns/${setup.campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18) },
      { token: setup.owner.accessToken },
    );
    await connectDialer(api, alice.accessToken);
  }, 60_000);

  afterAll(async () => {
    await tab?.close();
    await worker?.stop();
    await api?.close();
    await site?.stop();
  });

  it('two queued contacts: both INVITEs in order, the second 2 s (+/- 250 ms) after the first call ended, placed by the API process', async () => {
    expect(api.platform.phone.sessionNode).toBeDefined();
    expect(worker.platform.phone.sessionNode).not.toBe(api.platform.phone.sessionNode);
    tab = new WebrtcAutoDialTab(await api.socket(alice.accessToken));
    const logged = readLeadPhoneLog(site.carrier.leadPhoneLog).length;
    const calls = await autoDialOverWebrtc(api, alice, tab, [
      { name: 'Busy Line', phone: '5550100002' },
      { name: 'Greeting Line', phone: '5550100004' },
    ]);
    expect(calls.map((c) => c.phoneDigits)).toEqual(['5550100002', '5550100004']);
    expect(calls.map((c) => c.phoneNode)).toEqual([api.platform.phone.sessionNode, api.platform.phone.sessionNode]);
    expect(calls[1]!.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);

    await eventually(
      async () => (readLeadPhoneLog(site.carrier.leadPhoneLog).length - logged === 2 ? true : undefined),
      5_000,
    );
    const invites = readLeadPhoneLog(site.carrier.leadPhoneLog).slice(logged);
    expect(invites.map((line) => [line.to, line.outcome])).toEqual([
      ['5550100002', 'busy'],
      ['5550100004', 'answered-greeting'],
    ]);
    const gap = Date.parse(invites[1]!.at) - calls[0]!.endedAt!.getTime();
    expect(gap).toBeGreaterThanOrEqual(1_750);
    expect(gap).toBeLessThanOrEqual(2_250);
    const queue = await http.get<QueueView>('/dialer/queue', { token: alice.accessToken });
    expect(queue.body).toMatchObject({ contacts: [], autoDial: true });
    await http.put('/dialer/auto-dial', { enabled: false }, { token: alice.accessToken });
  }, 60_000);
});
