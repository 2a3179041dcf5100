// Auto-dial over call rooms across an API restart (a deploy): the app's one process (API and workers, as `npm start`
// runs it) is stopped during an auto-dialed call and started again on the same port, database and Redis. The agent's
// tab (werift, playing the dialer panel's auto-dial part over a socket that reconnects by itself) does nothing a user
// would do: the queue goes on from the new process (issue 29: it paused with "Phone not connected" beside a green
// "Connected", the queue naming the dead process as the phone's node).
import { readdirSync } from 'node:fs';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { callsCollection, loadDialQueue } from '../../server/features/dialer/repository.js';
import { freePort } from '../../server/platform/local-redis.js';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { localCarrierProblem, readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { zoneWithLocalHour } from '../support/dialer.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import {
  rms,
  startSipAppProcess,
  startSipCarrier,
  type SipAppProcess,
  type SipCarrierSite,
} from '../support/sip-app.js';
import { WebrtcAutoDialTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)('auto-dial over call rooms across an API restart', () => {
  let site: SipCarrierSite;
  /** The deployment's database and Redis (no workers, the simulator): what the restarted process comes back to. */
  let hub: TestApp;
  let app: SipAppProcess | undefined;
  let socket: Socket | undefined;
  let tab: WebrtcAutoDialTab | undefined;
  let port: number;

  beforeAll(async () => {
    site = await startSipCarrier('cw-sip-restart-');
    hub = await buildTestApp({ workers: false });
    port = await freePort();
  }, 60_000);

  afterAll(async () => {
    await tab?.close();
    socket?.disconnect();
    await app?.stop('SIGKILL');
    await hub?.close();
    await site?.stop();
  });

  const startApp = async () => {
    app = await startSipAppProcess(hub, site, { entry: 'tests/support/app-main.ts', port });
    return app.url;
  };

  it('stopped and started again during an auto-dialed call: the next queued contact is dialed by the new process, with no user action', async () => {
    const setup = await createCampaignWithAgents(hub, 1);
    const [agent] = setup.agents;
    await client(`${hub.url}/api`).patch(
      `/campaigns/${setup.campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18) },
      { token: setup.owner.accessToken },
    );
    const url = await startApp();
    const http = client(`${url}/api`);
    expect((await http.post('/dialer/connect', undefined, { token: agent!.accessToken })).status).toBe(200);
    await eventually(async () => {
      const queue = await loadDialQueue(hub.platform.db, agent!.user._id, new Date());
      return queue.phone.status === 'connected' ? true : undefined;
    }, 15_000);
    const firstNode = (await loadDialQueue(hub.platform.db, agent!.user._id, new Date())).phone.node;

    // The panel's socket: it reconnects by itself when the server goes away, as socket.io does in the browser.
    socket = connectSocket(url, {
      auth: { token: agent!.accessToken },
      transports: ['websocket'],
      reconnectionDelay: 250,
      reconnectionDelayMax: 1_000,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    tab = new WebrtcAutoDialTab(socket);
    const current = await http.get<QueueView>('/dialer/queue', { token: agent!.accessToken });
    const contacts = [
      { name: 'Echo Line', phone: '5550100005' },
      { name: 'Busy Line', phone: '5550100002' },
    ];
    expect(
      (await http.put('/dialer/queue', { contacts, version: current.body.version }, { token: agent!.accessToken }))
        .status,
    ).toBe(200);
    expect(await tab.prepare()).toEqual({ ok: true });
    expect((await http.put('/dialer/auto-dial', { enabled: true }, { token: agent!.accessToken })).status).toBe(200);

    const calls = callsCollection(hub.platform.db);
    const echo = await eventually(
      async () =>
        (await calls.findOne({ agentId: agent!.user._id, phoneDigits: '5550100005', state: 'connected' })) ?? undefined,
      30_000,
    );
    // Two seconds of echoed audio before the stop: the recording has something to keep.
    await eventually(async () => (tab!.offers[0]!.tab.received > 100 ? true : undefined), 10_000);

    // The deploy: the process stops (SIGTERM: it hangs its calls up) and a new one starts on the same port.
    await app!.stop('SIGTERM');
    const stoppedAt = Date.now();
    await startApp();

    // The busy number, next in the queue, reaches the lead phone from the new process.
    const busy = await eventually(async () => {
      const queue = await loadDialQueue(hub.platform.db, agent!.user._id, new Date());
      if (!queue.autoDial) throw new Error(`auto-dial paused: ${queue.pausedReason}`);
      return readLeadPhoneLog(site.carrier.leadPhoneLog).find((line) => line.to === '5550100002');
    }, 60_000);
    console.log(
      `API restarted during an auto-dialed call: next INVITE ${Date.parse(busy.at) - stoppedAt} ms after the stop`,
    );
    const queue = await loadDialQueue(hub.platform.db, agent!.user._id, new Date());
    expect(queue.phone).toMatchObject({ status: 'connected' });
    expect(queue.phone.node).not.toBe(firstNode);
    const next = await eventually(
      async () =>
        (await calls.findOne({ agentId: agent!.user._id, phoneDigits: '5550100002', state: 'idle' })) ?? undefined,
      20_000,
    );
    expect(next.autoDialed).toBe(true);
    expect(next.phoneNode).toBe(queue.phone.node);

    // The interrupted call ended answered, and its recording, written to disk by the stopped process as the call
    // went, was stored by the new one (nothing left behind).
    const ended = await eventually(
      async () =>
        (await calls.findOne({ _id: echo._id }))?.recordingId ? calls.findOne({ _id: echo._id }) : undefined,
      30_000,
    );
    expect(ended).toMatchObject({ state: 'idle', status: 'answered' });
    const response = await fetch(`${url}/api/calls/${echo._id.toHexString()}/recording`, {
      headers: { authorization: `Bearer ${agent!.accessToken}` },
    });
    expect(response.status).toBe(200);
    const wav = readWav(Buffer.from(await response.arrayBuffer()));
    expect(wav.channels[1]!.length / wav.rate).toBeGreaterThan(1);
    expect(rms(wav.channels[1]!)).toBeGreaterThan(500);
    expect(readdirSync(site.recordingsDir).filter((f) => f.startsWith(echo._id.toHexString()))).toEqual([]);
  }, 400_000);
});
