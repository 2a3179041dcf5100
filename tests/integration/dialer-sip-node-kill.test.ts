// An API node SIGKILLed during an answered SIP call on the room model: the lead's SIP dialog and RTP relay died with
// it, so the orphan sweep of the other node's `calls` worker sends the BYE in the dialog the dead node kept on the call,
// ends the call record, frees the line and stores the recording the dead node wrote to disk as the call went. The
// killed node is a real `npm run api` process (server/api.ts through tsx) with PHONE_PROVIDER=sip on the local carrier;
// the node that survives runs in this process with the workers. Bounds: docs/telephony.md ("An API node that dies").
import { readdirSync } from 'node:fs';
import { ObjectId } from 'mongodb';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import { callsCollection, type CallDoc } from '../../server/features/dialer/repository.js';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { freePort } from '../../server/platform/local-redis.js';
import { localCarrierProblem, readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { zoneWithLocalHour } from '../support/dialer.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';
import { startSipAppProcess, startSipCarrier, type SipAppProcess, type SipCarrierSite } from '../support/sip-app.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)('an API node killed during a SIP call', () => {
  let site: SipCarrierSite;
  let survivor: TestApp;
  let killed: SipAppProcess | undefined;
  let socket: Socket | undefined;
  let tab: WebrtcAgentTab | undefined;

  beforeAll(async () => {
    site = await startSipCarrier('cw-sip-kill-');
    survivor = await buildTestApp({ env: site.env });
  }, 60_000);

  afterAll(async () => {
    await tab?.close();
    socket?.disconnect();
    await killed?.stop('SIGKILL');
    await survivor?.close();
    await site?.stop();
  });

  it('the lead phone gets a BYE and the call record ends (answered, then idle) without the node that placed it', async () => {
    const setup = await createCampaignWithAgents(survivor, 1);
    const [agent] = setup.agents;
    await client(`${survivor.url}/api`).patch(
      `/campaigns/${setup.campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18) },
      { token: setup.owner.accessToken },
    );

    // The node that will die: the API alone, on the same database, Redis and secrets.
    killed = await startSipAppProcess(survivor, site, { entry: 'server/api.ts', port: await freePort() });
    const url = killed.url;
    const http = client(`${url}/api`);
    expect((await http.post('/dialer/connect', undefined, { token: agent.accessToken })).status).toBe(200);
    await eventually(
      async () =>
        (await http.get<{ phone?: { status: string } }>('/dialer/state', { token: agent.accessToken })).body.phone
          ?.status === 'connected'
          ? true
          : undefined,
      15_000,
    );

    socket = connectSocket(url, {
      auth: { token: agent.accessToken },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    tab = new WebrtcAgentTab(socket);
    expect(await tab.offer()).toEqual({ ok: true });
    const started = await http.post<CallView>('/dialer/calls', { phone: '5550100005' }, { token: agent.accessToken });
    expect(started.status).toBe(201);
    const id = new ObjectId(started.body.id);
    const callDoc = () => callsCollection(survivor.platform.db).findOne({ _id: id }) as Promise<CallDoc>;
    await eventually(async () => ((await callDoc()).state === 'connected' ? true : undefined), 20_000);
    // Audio flows through Janus and the echo before the kill.
    await eventually(async () => (tab!.received > 25 ? true : undefined), 15_000);
    // A few seconds of both directions for the recording to keep.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await callDoc()).phoneNode).toEqual(expect.any(String));
    const byesBefore = readLeadPhoneLog(site.carrier.leadPhoneByes).length;

    const killedAt = Date.now();
    await killed.stop('SIGKILL');
    // Still answered at the lead phone right after the kill: nothing else ends it early.
    expect((await callDoc()).state).toBe('connected');

    // The lead phone: the surviving node's sweep sends BYE in the dead node's dialog.
    const bye = await eventually(
      async () =>
        readLeadPhoneLog(site.carrier.leadPhoneByes)
          .slice(byesBefore)
          .find((line) => line.to === '5550100005'),
      40_000,
    );
    const byeAfterMs = Date.parse(bye.at!) - killedAt;
    // The record: ended as an answered call by the sweep, then the line freed.
    await eventually(async () => ((await callDoc()).state === 'idle' ? true : undefined), 40_000);
    const doc = await callDoc();
    const endedAfterMs = doc.endedAt!.getTime() - killedAt;
    const idleAfterMs = doc.idleAt!.getTime() - killedAt;
    console.log(
      `API node killed during a SIP call: lead phone BYE after ${byeAfterMs} ms, call record ended after ${endedAfterMs} ms, line idle after ${idleAfterMs} ms`,
    );
    expect(doc.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ended', 'idle']);
    expect(doc.status).toBe('answered');
    expect(doc.live).toBeUndefined();
    expect(doc.duration).toBeGreaterThanOrEqual(1);
    expect(await callsCollection(survivor.platform.db).countDocuments({ agentId: agent.user._id, live: true })).toBe(0);
    // Exactly one INVITE reached the lead phone for it.
    expect(readLeadPhoneLog(site.carrier.leadPhoneLog).filter((line) => line.to === '5550100005')).toHaveLength(1);

    // Its recording: the dead node's relay wrote both directions to the shared recordings directory until the kill;
    // the surviving node made the WAV of those files, stored it and removed them.
    await eventually(async () => ((await callDoc()).recordingId ? true : undefined), 40_000);
    const response = await fetch(`${survivor.url}/api/calls/${id.toHexString()}/recording`, {
      headers: { authorization: `Bearer ${agent.accessToken}` },
    });
    expect(response.status).toBe(200);
    const wav = readWav(Buffer.from(await response.arrayBuffer()));
    const [agentSide, leadSide] = wav.channels as [Int16Array, Int16Array];
    const seconds = agentSide.length / wav.rate;
    const untilKill = (killedAt - doc.connectedAt!.getTime()) / 1_000;
    console.log(
      `left-behind recording: ${seconds.toFixed(1)} s, ${untilKill.toFixed(1)} s answered before the kill (call ${doc.duration} s to its sweep)`,
    );
    // The media died with the node: the recording is the call up to the kill.
    expect(Math.abs(seconds - untilKill)).toBeLessThanOrEqual(1.5);
    const rms = (samples: Int16Array) =>
      Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / Math.max(1, samples.length));
    expect(rms(agentSide)).toBeGreaterThan(1_000);
    expect(rms(leadSide)).toBeGreaterThan(1_000);
    expect(readdirSync(site.recordingsDir).filter((file) => file.startsWith(id.toHexString()))).toEqual([]);
  }, 300_000);

  it('the sweep ends a ringing call of a process that stopped beating (failed, then idle) and leaves the calls of a beating one', async () => {
    const setup = await createCampaignWithAgents(survivor, 2);
    const [silentAgent, beatingAgent] = setup.agents;
    const prefix = survivor.config.redisPrefix;
    // A process that beats (its key written as a live node writes it) and one that never did (it died before a sweep).
    await survivor.platform.redis.set(`${prefix}:phone-node:beating-node`, String(Date.now()), 'PX', 120_000);
    const ringing = (agentId: ObjectId, phoneNode: string): CallDoc => {
      const now = new Date();
      return {
        _id: new ObjectId(),
        agentId,
        phone: '5550100003',
        phoneDigits: '5550100003',
        name: '(555) 010-0003',
        direction: 'outbound',
        notes: '',
        live: true,
        autoDialed: false,
        provider: 'Zoom Phone',
        phoneNode,
        state: 'calling',
        muted: false,
        startedAt: now,
        duration: 0,
        timeline: [{ state: 'calling', at: now }],
      };
    };
    const silent = ringing(silentAgent.user._id, 'silent-node');
    const beating = ringing(beatingAgent.user._id, 'beating-node');
    await callsCollection(survivor.platform.db).insertMany([silent, beating]);
    const read = (id: ObjectId) => callsCollection(survivor.platform.db).findOne({ _id: id }) as Promise<CallDoc>;
    // The survivor's `calls` worker sweeps every 3 s; a node missing at two sweeps 4 s apart is dead.
    await eventually(async () => ((await read(silent._id)).state === 'idle' ? true : undefined), 30_000);
    const ended = await read(silent._id);
    expect(ended.timeline.map((t) => t.state)).toEqual(['calling', 'ended', 'idle']);
    expect(ended.timeline[1]?.reason).toBe('failed');
    expect(ended.status).toBe('missed');
    expect(ended.live).toBeUndefined();
    expect((await read(beating._id)).state).toBe('calling');
    await survivor.platform.redis.del(`${prefix}:phone-node:beating-node`);
    await callsCollection(survivor.platform.db).deleteOne({ _id: beating._id });
  }, 60_000);
});
