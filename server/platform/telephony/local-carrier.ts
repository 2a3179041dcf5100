// The local carrier for development and tests: Janus (SIP plugin, HTTP API on loopback with an api_secret) and a
// "lead phone" (SIPp, see lead-phone-scenario.ts), both configured under DATA_DIR/telephony on free ports.
// docs/telephony.md describes the design and the number plan.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import {
  appendFileSync,
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { running } from '../local-redis-leftovers.js';
import { muLawByte } from '../speech/g711.js';
import { leadPhoneScenario } from './lead-phone-scenario.js';
import { writeTalkingLeadFiles } from './talking-leads.js';

const LOOPBACK = '127.0.0.1';
const GREETING_MS = 3000;
const RTP_RANGE_SIZE = 200;

export interface LeadPhoneCall {
  at: string;
  from: string;
  to: string;
  outcome: string;
}

export interface LocalCarrier {
  /** Janus's HTTP API, e.g. http://127.0.0.1:41234/janus (loopback only). */
  janusUrl: string;
  /** Every Janus API request carries it as `apisecret`. */
  apiSecret: string;
  /** Where SIP INVITEs go: the lead phone, e.g. sip:127.0.0.1:45060. */
  sipUri: string;
  sipHost: string;
  sipPort: number;
  /** One JSON line {at, from, to, outcome} per INVITE the lead phone received. */
  leadPhoneLog: string;
  /** One JSON line {at, from, to} per BYE the lead phone received from a caller (the caller hung up an answered call). */
  leadPhoneByes: string;
  /** The directory holding the generated configuration and the logs. */
  dir: string;
  /** The running Janus's pid (it changes when the supervisor restarts a Janus that died). */
  janusPid(): number | undefined;
  stop(): Promise<void>;
}

export interface LocalCarrierOptions {
  dataDir: string;
  /** Janus's log level (0-7); 4 logs warnings and calls. */
  janusDebugLevel?: number;
  /**
   * Janus's static event loops (`event_loops`), shared by every handle's media; 0 (the default) is Janus's own, a
   * thread per handle. Why offered: `npm run bench:capacity` found Janus the node's largest CPU user, most of it in the
   * kernel switching between threads; shared loops used 13-18 % less in one paired run. Not the default until the
   * room model's fault tests pass with it on a quiet machine (docs/performance.md, "Capacity").
   */
  eventLoops?: number;
}

/**
 * Janus destroys a session no request or long poll touched for this long, hanging up its calls (BYE to the carrier):
 * the calls of an API process that died end at the lead's phone within it. The server's keepalive
 * (janus-client.ts) comes every third of it.
 */
export const JANUS_SESSION_TIMEOUT_S = 15;

export class TelephonyUnavailableError extends Error {}

/** Where Debian (any architecture) or a source build keeps Janus's plugins and transports. */
export function findJanusLibDir(): string | null {
  const candidates = [process.env.JANUS_LIB_DIR, '/usr/lib/janus', '/usr/local/lib/janus', '/opt/janus/lib/janus'];
  if (existsSync('/usr/lib')) {
    for (const entry of readdirSync('/usr/lib'))
      if (entry.endsWith('-linux-gnu')) candidates.push(path.join('/usr/lib', entry, 'janus'));
  }
  return (
    candidates.find((dir): dir is string => !!dir && existsSync(path.join(dir, 'plugins', 'libjanus_sip.so'))) ?? null
  );
}

function findProgram(name: string): string | null {
  for (const dir of (process.env.PATH ?? '')
    .split(path.delimiter)
    .concat(['/usr/bin', '/usr/sbin', '/usr/local/bin'])) {
    const file = path.join(dir, name);
    if (dir && existsSync(file)) return file;
  }
  return null;
}

/** The programs the local carrier needs, or the one sentence saying what is missing. */
export function localCarrierProblem(): string | null {
  const missing = [];
  if (!findProgram('janus') || !findJanusLibDir()) missing.push('janus');
  if (!findProgram('sipp')) missing.push('sip-tester');
  if (missing.length === 0) return null;
  return `The local carrier needs ${missing.join(' and ')}: install with "sudo apt-get install ${missing.join(' ')}" (Debian/Ubuntu) or run "node scripts/ensure-system.mjs --telephony" as root.`;
}

function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a UDP port on loopback can be bound right now. */
function udpPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, LOOPBACK, () => socket.close(() => resolve(true)));
  });
}

async function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, LOOPBACK, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/** A run of `size` UDP ports starting at an even port, all free when probed (RTP uses even ports). */
async function freeUdpRange(size: number, taken: Array<[number, number]>): Promise<[number, number]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const start = 20000 + 2 * Math.floor(Math.random() * ((20000 - size) / 2));
    const end = start + size - 1;
    if (taken.some(([a, b]) => start <= b && a <= end)) continue;
    const probes = [start, start + 1, Math.floor((start + end) / 2), end];
    if ((await Promise.all(probes.map(udpPortFree))).every(Boolean)) return [start, end];
  }
  throw new TelephonyUnavailableError('No free UDP port range for RTP was found between 20000 and 40000.');
}

function janusConfig(
  dir: string,
  apiSecret: string,
  debugLevel: number,
  webrtcRtp: [number, number],
  eventLoops: number,
): string {
  return `general: {
\tconfigs_folder = "${dir}"
\tplugins_folder = "${dir}/plugins"
\ttransports_folder = "${dir}/transports"
\tevents_folder = "${dir}/events"
\tloggers_folder = "${dir}/loggers"
\tlog_to_stdout = true
\tdebug_level = ${debugLevel}
\tapi_secret = "${apiSecret}"
\tsession_timeout = ${JANUS_SESSION_TIMEOUT_S}
${eventLoops > 0 ? `\tevent_loops = ${eventLoops}\n` : ''}}
certificates: {
}
media: {
\trtp_port_range = "${webrtcRtp[0]}-${webrtcRtp[1]}"
}
nat: {
\tnice_debug = false
\tice_ignore_list = "vmnet"
}
plugins: {
}
transports: {
}
loggers: {
}
events: {
\tbroadcast = false
}
`;
}

function sipPluginConfig(sipRtp: [number, number]): string {
  // sdp_ip/local_media_ip: the SIP side's media address must be the one the carrier can reach, or audio is one-way.
  return `general: {
\tlocal_ip = "${LOOPBACK}"
\tlocal_media_ip = "${LOOPBACK}"
\tsdp_ip = "${LOOPBACK}"
\tkeepalive_interval = 0
\tbehind_nat = false
\tregister_ttl = 3600
\trtp_port_range = "${sipRtp[0]}-${sipRtp[1]}"
\tsip_timer_t1x64 = 32000
\tevents = false
}
`;
}

/**
 * AudioBridge (the call rooms of SIP_CALL_MODEL=room): plain-RTP participants bind and announce loopback, from their own
 * port range; rooms are made and destroyed by the server per call, none is configured here.
 */
function audioBridgeConfig(rtp: [number, number]): string {
  return `general: {
\tlocal_ip = "${LOOPBACK}"
\trtp_port_range = "${rtp[0]}-${rtp[1]}"
\tevents = false
\tstring_ids = false
}
`;
}

function httpTransportConfig(port: number): string {
  return `general: {
\tjson = "plain"
\tbase_path = "/janus"
\thttp = true
\tport = ${port}
\tip = "${LOOPBACK}"
\thttps = false
}
admin: {
\tadmin_http = false
\tadmin_https = false
}
cors: {
}
`;
}

/** The 555-010-0004 greeting: three rising tones of one second each, so it is audible and recognisable in recordings. */
function greetingSamples(ms: number): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc((rate * ms) / 1000);
  const tones = [440, 554, 659];
  for (let i = 0; i < samples.length; i++) {
    const tone = tones[Math.min(tones.length - 1, Math.floor(i / rate))]!;
    samples[i] = muLawByte(Math.round(9000 * Math.sin((2 * Math.PI * tone * i) / rate)));
  }
  return samples;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  if (!(await waitForExit(child, 5000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 2000);
  }
}

async function until(
  what: string,
  deadlineMs: number,
  exited: () => string | null,
  check: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const gone = exited();
    if (gone) throw new TelephonyUnavailableError(gone);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new TelephonyUnavailableError(`${what} did not start within ${deadlineMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Turns SIPp's `LEADPHONE|from|to|outcome|request line` log lines into lead-phone.log's JSON lines as they appear,
 * its `LEADPHONE-BYE|from|to` lines into lead-phone-byes.log's and its `LEADPHONE-DTMF|from|to|key` lines (a key sent
 * by SIP INFO) into lead-phone-dtmf.log's.
 */
function followLeadPhone(
  actionsLog: string,
  leadPhoneLog: string,
  leadPhoneByes: string,
  leadPhoneDtmf: string,
): { flush(): void; stop(): void } {
  let offset = 0;
  let partial = '';
  const flush = () => {
    if (!existsSync(actionsLog)) return;
    const size = statSync(actionsLog).size;
    if (size <= offset) return;
    const buffer = Buffer.alloc(size - offset);
    const fd = openSync(actionsLog, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, offset);
    } finally {
      closeSync(fd);
    }
    offset = size;
    const lines = (partial + buffer.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    const at = new Date().toISOString();
    for (const line of lines) {
      const [tag, from, to, outcome] = line.trim().split('|');
      if (tag === 'LEADPHONE-BYE')
        appendFileSync(leadPhoneByes, `${JSON.stringify({ at, from: from ?? '', to: to ?? '' })}\n`);
      if (tag === 'LEADPHONE-DTMF')
        appendFileSync(
          leadPhoneDtmf,
          `${JSON.stringify({ at, from: from ?? '', to: to ?? '', key: outcome ?? '' })}\n`,
        );
      if (tag !== 'LEADPHONE' || !outcome) continue;
      const entry: LeadPhoneCall = { at, from: from ?? '', to: to ?? '', outcome };
      appendFileSync(leadPhoneLog, `${JSON.stringify(entry)}\n`);
    }
  };
  const timer = setInterval(flush, 25);
  return {
    flush,
    stop: () => {
      clearInterval(timer);
      flush();
    },
  };
}

function readProcFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Janus and SIPp processes an earlier carrier on this directory left behind when it died without stopping them (its
 * pid file). A pid counts only while its command line still names this directory: pids are reused.
 */
function killLeftovers(dir: string): void {
  const pidFile = path.join(dir, 'pids.json');
  if (!existsSync(pidFile)) return;
  let pids: number[] = [];
  try {
    pids = Object.values(JSON.parse(readFileSync(pidFile, 'utf8')) as Record<string, number>);
  } catch {
    // An unreadable pid file names nothing.
  }
  for (const pid of pids) {
    if (!Number.isInteger(pid) || pid <= 0 || !running(pid)) continue;
    const cmdline = readProcFile(`/proc/${pid}/cmdline`);
    if (cmdline?.includes(dir)) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

/** Starts Janus and the lead phone; resolves once both answer. `stop()` ends both and waits for them. */
export async function startLocalCarrier(options: LocalCarrierOptions): Promise<LocalCarrier> {
  const problem = localCarrierProblem();
  if (problem) throw new TelephonyUnavailableError(problem);
  const libDir = findJanusLibDir()!;

  const dir = path.join(path.resolve(options.dataDir), 'telephony');
  const janusDir = path.join(dir, 'janus');
  killLeftovers(dir);
  rmSync(janusDir, { recursive: true, force: true });
  for (const sub of ['plugins', 'transports', 'events', 'loggers'])
    mkdirSync(path.join(janusDir, sub), { recursive: true });
  // Only the SIP and AudioBridge plugins and the HTTP transport are loaded: Janus loads every library in these folders.
  symlinkSync(path.join(libDir, 'plugins', 'libjanus_sip.so'), path.join(janusDir, 'plugins', 'libjanus_sip.so'));
  symlinkSync(
    path.join(libDir, 'plugins', 'libjanus_audiobridge.so'),
    path.join(janusDir, 'plugins', 'libjanus_audiobridge.so'),
  );
  symlinkSync(
    path.join(libDir, 'transports', 'libjanus_http.so'),
    path.join(janusDir, 'transports', 'libjanus_http.so'),
  );

  const apiSecret = randomBytes(18).toString('base64url');
  const httpPort = await freeTcpPort();
  const sipPort = await freeUdpPort();
  const webrtcRtp = await freeUdpRange(RTP_RANGE_SIZE, []);
  const sipRtp = await freeUdpRange(RTP_RANGE_SIZE, [webrtcRtp]);
  // SIPp echoes on its media port and that port + 2. Its rtpstream socket (the greeting) is not configurable in SIPp
  // 3.6: it binds 0.0.0.0 from port 8888 upward, one socket shared by all calls.
  const leadPhoneMedia = await freeUdpRange(4, [webrtcRtp, sipRtp]);
  const roomRtp = await freeUdpRange(RTP_RANGE_SIZE, [webrtcRtp, sipRtp, leadPhoneMedia]);

  writeFileSync(
    path.join(janusDir, 'janus.jcfg'),
    janusConfig(janusDir, apiSecret, options.janusDebugLevel ?? 4, webrtcRtp, options.eventLoops ?? 0),
    { mode: 0o600 },
  );
  writeFileSync(path.join(janusDir, 'janus.plugin.sip.jcfg'), sipPluginConfig(sipRtp));
  writeFileSync(path.join(janusDir, 'janus.transport.http.jcfg'), httpTransportConfig(httpPort));
  writeFileSync(path.join(janusDir, 'janus.plugin.audiobridge.jcfg'), audioBridgeConfig(roomRtp));

  const greetingFile = path.join(dir, 'greeting.ulaw');
  writeFileSync(greetingFile, greetingSamples(GREETING_MS));
  const scenarioFile = path.join(dir, 'lead-phone.xml');
  writeFileSync(
    scenarioFile,
    leadPhoneScenario({ greetingFile, greetingMs: GREETING_MS, talkingLeads: writeTalkingLeadFiles(dir) }),
  );
  const actionsLog = path.join(dir, 'lead-phone-actions.log');
  rmSync(actionsLog, { force: true });
  const leadPhoneLog = path.join(dir, 'lead-phone.log');
  const leadPhoneByes = path.join(dir, 'lead-phone-byes.log');
  if (!existsSync(leadPhoneLog)) writeFileSync(leadPhoneLog, '');

  const janusUrl = `http://${LOOPBACK}:${httpPort}/janus`;
  const janusOut = createWriteStream(path.join(dir, 'janus.log'));
  const startJanus = () => {
    const child = spawn('janus', ['--config', path.join(janusDir, 'janus.jcfg'), '--configs-folder', janusDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(janusOut, { end: false });
    child.stderr.pipe(janusOut, { end: false });
    return child;
  };
  let janus = startJanus();
  const sippOut = createWriteStream(path.join(dir, 'sipp.log'));
  const sipp = spawn(
    'sipp',
    [
      '-sf',
      scenarioFile,
      '-i',
      LOOPBACK,
      '-p',
      String(sipPort),
      '-mp',
      String(leadPhoneMedia[0]),
      '-rtp_echo',
      '-trace_logs',
      '-log_file',
      actionsLog,
      '-trace_err',
      '-error_file',
      path.join(dir, 'sipp-errors.log'),
      '-nostdin',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  sipp.stdout.pipe(sippOut, { end: false });
  sipp.stderr.pipe(sippOut, { end: false });

  const pidFile = path.join(dir, 'pids.json');
  writeFileSync(pidFile, JSON.stringify({ janus: janus.pid, sipp: sipp.pid }));
  const follower = followLeadPhone(actionsLog, leadPhoneLog, leadPhoneByes, path.join(dir, 'lead-phone-dtmf.log'));
  let stopped: Promise<void> | null = null;
  let ready = false;
  /**
   * Janus is supervised like the local Redis: once started, a Janus that dies (crash, OOM kill, SIGKILL) is started
   * again at once on the same ports and secret, so the server's next session finds it; its calls are lost with it
   * (the server ends them as gateway-failure).
   */
  const supervise = (child: ChildProcess) => {
    child.once('exit', () => {
      if (stopped || !ready) return;
      janusOut.write(
        `--- Janus exited (${child.signalCode ?? child.exitCode}); restarting at ${new Date().toISOString()}\n`,
      );
      janus = startJanus();
      writeFileSync(pidFile, JSON.stringify({ janus: janus.pid, sipp: sipp.pid }));
      supervise(janus);
    });
  };
  supervise(janus);
  const stop = () => {
    stopped ??= (async () => {
      await Promise.all([stopChild(sipp, 'SIGTERM'), stopChild(janus, 'SIGINT')]);
      rmSync(pidFile, { force: true });
      follower.stop();
      janusOut.end();
      sippOut.end();
    })();
    return stopped;
  };
  const exitedEarly = () => {
    if (janus.exitCode !== null || janus.signalCode !== null)
      return `Janus exited while starting (see ${path.join(dir, 'janus.log')}).`;
    if (sipp.exitCode !== null || sipp.signalCode !== null)
      return `SIPp exited while starting (see ${path.join(dir, 'sipp.log')}).`;
    return null;
  };

  try {
    await until('Janus', 15000, exitedEarly, async () => {
      const response = await fetch(`${janusUrl}/info`);
      return response.ok;
    });
    // SIPp is listening once its SIP port can no longer be bound.
    await until('SIPp', 10000, exitedEarly, async () => !(await udpPortFree(sipPort)));
  } catch (error) {
    await stop();
    throw error;
  }

  ready = true;
  const sipUri = `sip:${LOOPBACK}:${sipPort}`;
  writeFileSync(
    path.join(dir, 'carrier.json'),
    JSON.stringify({ janusUrl, apiSecret, sipUri, leadPhoneLog }, null, 2),
    { mode: 0o600 },
  );
  return {
    janusUrl,
    apiSecret,
    sipUri,
    sipHost: LOOPBACK,
    sipPort,
    leadPhoneLog,
    leadPhoneByes,
    dir,
    stop,
    janusPid: () => janus.pid,
  };
}

/** The lead phone's calls so far (lead-phone.log), or the callers' BYEs (lead-phone-byes.log: no `outcome`), oldest first. */
export function readLeadPhoneLog<T extends Partial<LeadPhoneCall> = LeadPhoneCall>(file: string): T[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
