import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import {
  readLeadPhoneLog,
  startLocalCarrier,
  type LeadPhoneCall,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import { buildTestApp, type TestApp } from './app.js';
import { connectDialer, storedCall, zoneWithLocalHour } from './dialer.js';
import type { CreatedUser } from './factories.js';
import { client, eventually } from './http.js';
import { createCampaignWithAgents } from './leads.js';
import { spawnWorkerProcess } from './worker-process.js';

/** The local carrier in a fresh data directory of a test file's own, and the settings an app places its calls on it with. */
export interface SipCarrierSite {
  carrier: LocalCarrier;
  dataDir: string;
  recordingsDir: string;
  /** PHONE_PROVIDER=sip on this carrier, recordings written to `recordingsDir`. */
  env: Record<string, string>;
  /** Stops the carrier and removes the data directory. */
  stop(): Promise<void>;
}

export async function startSipCarrier(dataDirPrefix = 'cw-sip-'): Promise<SipCarrierSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), dataDirPrefix));
  const recordingsDir = path.join(dataDir, 'recordings');
  // JANUS_EVENT_LOOPS reaches the test carrier as it reaches `npm run telephony`, so the room model's tests can be run
  // with Janus's shared media threads (docs/performance.md, "Capacity").
  const eventLoops = Number(process.env.JANUS_EVENT_LOOPS ?? 0);
  const carrier = await startLocalCarrier({ dataDir, ...(eventLoops > 0 ? { eventLoops } : {}) });
  return {
    carrier,
    dataDir,
    recordingsDir,
    env: {
      PHONE_PROVIDER: 'sip',
      JANUS_URL: carrier.janusUrl,
      JANUS_API_SECRET: carrier.apiSecret,
      SIP_PROXY: carrier.sipUri,
      SIP_RECORDINGS_DIR: recordingsDir,
    },
    async stop() {
      await carrier.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up the PHONE_PROVIDER=sip integration files share: the local carrier in a fresh data directory, the app on
 * it (the room model unless `env` says otherwise), a campaign in a daytime zone with `agents` agents whose phones
 * are connected, and what the tests read back (the lead phone's logs, stored calls and recordings).
 */
export interface SipTestApp {
  carrier: LocalCarrier;
  dataDir: string;
  recordingsDir: string;
  testApp: TestApp;
  http: ReturnType<typeof client>;
  campaignId: string;
  owner: CreatedUser;
  agents: CreatedUser[];
  /** The lead phone's INVITE log lines for one 10-digit number. */
  invitesTo(number: string): LeadPhoneCall[];
  /** The BYEs the lead phone received from the caller, for one 10-digit number. */
  byesTo(number: string): Array<{ at: string; to: string }>;
  /** The stored recording of a call as GET /api/calls/:id/recording serves it, once it is stored. */
  recordingOf(id: string, token: string): Promise<{ rate: number; channels: Int16Array[] }>;
  close(): Promise<void>;
}

export async function startSipTestApp(
  options: { agents?: number; env?: Record<string, string>; dataDirPrefix?: string } = {},
): Promise<SipTestApp> {
  const site = await startSipCarrier(options.dataDirPrefix);
  const { carrier, dataDir, recordingsDir } = site;
  const testApp = await buildTestApp({ env: { ...site.env, ...options.env } });
  const http = client(`${testApp.url}/api`);
  const setup = await createCampaignWithAgents(testApp, options.agents ?? 1);
  await http.patch(
    `/campaigns/${setup.campaignId}`,
    { timeZone: zoneWithLocalHour(10, 18) },
    { token: setup.owner.accessToken },
  );
  await Promise.all(setup.agents.map((agent) => connectDialer(testApp, agent.accessToken)));
  return {
    carrier,
    dataDir,
    recordingsDir,
    testApp,
    http,
    campaignId: setup.campaignId,
    owner: setup.owner,
    agents: setup.agents,
    invitesTo: (number) => readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === number),
    byesTo: (number) =>
      readLeadPhoneLog<{ at: string; to: string }>(carrier.leadPhoneByes).filter((line) => line.to === number),
    async recordingOf(id, token) {
      await eventually(async () => ((await storedCall(testApp, id)).recordingId ? true : undefined), 10_000);
      const response = await fetch(`${testApp.url}/api/calls/${id}/recording`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200 || response.headers.get('content-type') !== 'audio/wav')
        throw new Error(`recording of ${id}: ${response.status} ${response.headers.get('content-type')}`);
      return readWav(Buffer.from(await response.arrayBuffer()));
    },
    async close() {
      await testApp.close();
      await site.stop();
    },
  };
}

/** Root mean square of a channel: 0 is digital silence, the tone a test tab sends is in the thousands. */
export const rms = (samples: Int16Array) =>
  Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / Math.max(1, samples.length));

/** A real API process (tsx, from source) with PHONE_PROVIDER=sip on `hub`'s database and Redis and the site's carrier. */
export interface SipAppProcess {
  url: string;
  child: ChildProcess & { output: () => string };
  /** Stops it with `signal` (SIGKILL: a crash) and resolves once it exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `entry` (server/api.ts: `npm run api`; tests/support/app-main.ts: the API and the workers in one process, as
 * `npm start`) on `port` and resolves once it serves, so a fault test can kill or restart it.
 */
export async function startSipAppProcess(
  hub: TestApp,
  site: SipCarrierSite,
  options: { entry: string; port: number },
): Promise<SipAppProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawnWorkerProcess(
    hub,
    { PORT: String(options.port), HOST: '127.0.0.1', LOAD_SHED_MAX_IN_FLIGHT: '0', ...site.env },
    options.entry,
  );
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the API process exited: ${child.output()}`);
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    return res?.status === 200 ? true : undefined;
    // tsx compiles the server on start: well over a minute on a loaded machine.
  }, 150_000);
  return {
    url,
    child,
    async stop(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}
