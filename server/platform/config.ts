import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

export type AccessMode = 'open' | 'waitlist';

export const PHONE_PROVIDERS = ['simulator', 'sip'] as const;
export type PhoneProviderName = (typeof PHONE_PROVIDERS)[number];

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Unset means: start the embedded MongoDB-compatible server in-process. */
  mongoUrl?: string;
  /** Unset means: spawn a local redis-server child. */
  redisUrl?: string;
  /** Unset means: e-mails go to the `outbox` collection. */
  mailUrl?: string;
  mailFrom: string;
  /** Where the support form's messages go. */
  supportEmail: string;
  jwtSecret: string;
  accessMode: AccessMode;
  demoPassword: string;
  workers: boolean;
  /** Seed the demo data at start (always on for `npm start` outside production; `SEED_DEMO=on` for `npm run api`). */
  seedDemo: boolean;
  /** How long a worker holds a job before others may take it over (a SIGKILLed worker's jobs wait this long). */
  jobLockMs: number;
  /** Multiplies every rate limit (tests that sign in the same account many times a minute). */
  rateLimitFactor: number;
  publicUrl: string;
  allowedOrigins: string[];
  logLevel: string;
  /** Prefix of every Redis key this deployment writes (queues, adapter stream, rate limits). */
  redisPrefix: string;
  /** The proxies whose `X-Forwarded-For` names the client (TRUST_PROXY, default none). */
  trustProxy: TrustProxy;
  /** Which phone provider the dialer talks to (PHONE_PROVIDER, default the simulator). */
  phoneProvider: PhoneProviderName;
  /** The `sip` provider's Janus gateway and SIP account (docs/telephony.md); unused by the simulator. */
  sip: SipConfig;
  /** When an API node answers 503 instead of queueing more work (server/platform/load-shedding.ts). */
  loadShedding: LoadShedding;
  /**
   * Tests only (DIALER_ANSWER_DELAY_MS, refused in production): the call-control routes (mute, end)
   * answer this much later than they acted, as over a slow network, so a test sees the answer arrive after the
   * call's pushed state.
   */
  dialerAnswerDelayMs: number;
  /** Lead-audio streams this node's objection spotter decodes at once (SPEECH_MAX_STREAMS; 0 turns it off); beyond it a call goes unassisted (docs/rebuttals.md). */
  speechMaxStreams: number;
}

export interface LoadShedding {
  /** `/api` requests this node works on at once; more wait in a queue (LOAD_SHED_MAX_IN_FLIGHT; 0 turns shedding off). */
  maxInFlight: number;
  /** Requests that may wait for a slot; one more is refused at once (LOAD_SHED_MAX_QUEUE). */
  maxQueue: number;
  /** How long a request may wait for a slot before it is refused (LOAD_SHED_MAX_WAIT_MS). */
  maxWaitMs: number;
  /** The Retry-After of the 503, in seconds (LOAD_SHED_RETRY_AFTER_S). */
  retryAfterSeconds: number;
}

/**
 * Where the `sip` provider places calls. With PHONE_PROVIDER=sip and no SIP_PROXY the API process starts the local
 * carrier (server/platform/telephony/local-carrier.ts) and fills these from it.
 */
export interface SipConfig {
  /** Janus's HTTP API (JANUS_URL), reachable by the server only. */
  janusUrl?: string;
  /** Janus's `api_secret` (JANUS_API_SECRET). */
  janusApiSecret?: string;
  /** The SIP server calls go to (SIP_PROXY, e.g. sip:trunk.example.com:5060); dialed numbers become sip:<digits>@<its host>. */
  proxy?: string;
  /** An outbound proxy in front of it (SIP_OUTBOUND_PROXY). */
  outboundProxy?: string;
  /** The trunk account (SIP_USERNAME as a SIP URI, SIP_PASSWORD); unset: calls go out unauthenticated (IP-authenticated trunk, the local carrier). */
  username?: string;
  password?: string;
  /** Send a REGISTER for the account (SIP_REGISTER=on), for a PBX extension or a registration-based trunk. */
  register: boolean;
  /** The caller ID shown to the lead (SIP_CALLER_ID, display name or number); default: the account's. */
  callerId?: string;
  /** How long a call may ring before it counts as no answer (SIP_RING_TIMEOUT_S, default 20). */
  ringTimeoutMs: number;
  /**
   * The STUN and TURN servers agents' browsers gather candidates with (WEBRTC_ICE_URLS); TURN credentials are
   * minted per agent from coturn's shared secret (TURN_SECRET), valid TURN_CREDENTIAL_TTL_S (default 86400).
   */
  browserIce: { urls: string[]; turnSecret?: string; credentialTtlS: number };
  /**
   * Where Janus writes answered calls' .mjr recordings and the API reads them to mix and store (SIP_RECORDINGS_DIR,
   * default DATA_DIR/telephony/recordings): one directory both processes see, by the same absolute path.
   */
  recordingsDir: string;
  /**
   * SIP_CALL_MODEL: `room` (default) makes every call an AudioBridge room with the lead's leg placed by the server
   * (server/platform/telephony/room-provider.ts); `plugin` binds the lead's leg to the agent's Janus SIP-plugin handle.
   */
  callModel: 'plugin' | 'room';
  /**
   * The room model's SIP signalling and RTP relay address (SIP_LOCAL_IP): one the carrier reaches and Janus can send
   * to. Default: 127.0.0.2 for a carrier on loopback (npm `sip` refuses a target on its own address), else unset and
   * required.
   */
  localIp?: string;
  /**
   * The UDP port of the room model's SIP stack (SIP_LOCAL_PORT): where the carrier sends the leads calling the
   * campaigns' numbers. Default: a free port, written to DATA_DIR/telephony/app-sip.json for the local carrier.
   */
  localPort?: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function urlProblem(name: string, value: string, protocols: string[]): string | undefined {
  try {
    const url = new URL(value);
    if (!protocols.includes(url.protocol)) {
      return `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${value}").`;
    }
  } catch {
    return `${name} is not a valid URL (got "${value}").`;
  }
  return undefined;
}

/**
 * Reads and validates the environment once, at start. Every bad variable gets its own sentence,
 * so an operator fixes them all in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';

  let port = 3000;
  if (env.PORT !== undefined && env.PORT !== '') {
    if (!/^\d+$/.test(env.PORT) || Number(env.PORT) > 65535) {
      problems.push(`PORT must be a whole number from 0 to 65535 (got "${env.PORT}").`);
    } else port = Number(env.PORT);
  }

  const dataDir = path.resolve(env.DATA_DIR || '.data');

  for (const [name, protocols] of [
    ['MONGO_URL', ['mongodb:', 'mongodb+srv:']],
    ['REDIS_URL', ['redis:', 'rediss:']],
    ['MAIL_URL', ['smtp:', 'smtps:']],
  ] as const) {
    const value = env[name];
    if (value) {
      const problem = urlProblem(name, value, [...protocols]);
      if (problem) problems.push(problem);
    }
  }

  const accessMode = (env.ACCESS_MODE || 'open') as AccessMode;
  if (accessMode !== 'open' && accessMode !== 'waitlist') {
    problems.push(`ACCESS_MODE must be "open" or "waitlist" (got "${env.ACCESS_MODE}").`);
  }

  const workersValue = (env.WORKERS || 'on').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(workersValue)) {
    problems.push(`WORKERS must be "on" or "off" (got "${env.WORKERS}").`);
  }

  const seedValue = (env.SEED_DEMO || 'off').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(seedValue))
    problems.push(`SEED_DEMO must be "on" or "off" (got "${env.SEED_DEMO}").`);

  let jobLockMs = 30_000;
  if (env.JOB_LOCK_MS) {
    if (!/^\d+$/.test(env.JOB_LOCK_MS) || Number(env.JOB_LOCK_MS) < 1_000)
      problems.push(`JOB_LOCK_MS must be a whole number of milliseconds, at least 1000 (got "${env.JOB_LOCK_MS}").`);
    else jobLockMs = Number(env.JOB_LOCK_MS);
  }

  let rateLimitFactor = 1;
  if (env.RATE_LIMIT_FACTOR) {
    if (!/^\d+$/.test(env.RATE_LIMIT_FACTOR) || Number(env.RATE_LIMIT_FACTOR) < 1)
      problems.push(`RATE_LIMIT_FACTOR must be a whole number, at least 1 (got "${env.RATE_LIMIT_FACTOR}").`);
    else rateLimitFactor = Number(env.RATE_LIMIT_FACTOR);
  }

  const demoPassword = env.DEMO_PASSWORD || 'commission-warrior';
  if (demoPassword.length < 8) problems.push('DEMO_PASSWORD must be at least 8 characters long.');

  let jwtSecret = env.JWT_SECRET ?? '';
  if (jwtSecret && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long.');
  if (!jwtSecret && nodeEnv === 'production')
    problems.push('JWT_SECRET must be set in production (at least 32 characters).');

  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info');
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);

  const supportEmail = env.SUPPORT_EMAIL?.trim() || 'support@commissionwarriors.local';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail))
    problems.push(`SUPPORT_EMAIL must be an e-mail address (got "${env.SUPPORT_EMAIL}").`);

  const host = env.HOST || '0.0.0.0';
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  if (env.PUBLIC_URL) {
    const problem = urlProblem('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']);
    if (problem) problems.push(problem);
  }

  const phoneProvider = (env.PHONE_PROVIDER || 'simulator') as PhoneProviderName;
  if (!PHONE_PROVIDERS.includes(phoneProvider))
    problems.push(
      `PHONE_PROVIDER must be ${PHONE_PROVIDERS.map((p) => `"${p}"`).join(' or ')} (got "${env.PHONE_PROVIDER}").`,
    );

  const wholeNumber = (name: string, fallback: number, min: number, unit: string): number => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min) {
      problems.push(`${name} must be a whole number of ${unit}, at least ${min} (got "${value}").`);
      return fallback;
    }
    return Number(value);
  };
  // Defaults from the measured curve (docs/performance.md, "Overload").
  const loadShedding: LoadShedding = {
    maxInFlight: wholeNumber('LOAD_SHED_MAX_IN_FLIGHT', 16, 0, 'requests'),
    maxQueue: wholeNumber('LOAD_SHED_MAX_QUEUE', 2000, 0, 'requests'),
    maxWaitMs: wholeNumber('LOAD_SHED_MAX_WAIT_MS', 3000, 1, 'milliseconds'),
    retryAfterSeconds: wholeNumber('LOAD_SHED_RETRY_AFTER_S', 2, 1, 'seconds'),
  };
  // A deployment still setting the removed switch would believe it is in force.
  for (const removed of ['LOAD_SHED_EVENT_LOOP_DELAY_MS', 'LOAD_SHED_SAMPLE_MS']) {
    if (env[removed] !== undefined && env[removed] !== '')
      problems.push(
        `${removed} was removed: load shedding no longer watches the event loop; remove it (LOAD_SHED_MAX_IN_FLIGHT, LOAD_SHED_MAX_QUEUE and LOAD_SHED_MAX_WAIT_MS set it now).`,
      );
  }

  // Each stream is one recogniser process at about 3-4% of a core (docs/performance.md, "Objection spotting").
  const speechMaxStreams = wholeNumber('SPEECH_MAX_STREAMS', 10, 0, 'streams');

  const sip = sipConfig(env, problems, dataDir);
  const dialerAnswerDelayMs = wholeNumber('DIALER_ANSWER_DELAY_MS', 0, 0, 'milliseconds');
  if (dialerAnswerDelayMs > 0 && nodeEnv === 'production')
    problems.push('DIALER_ANSWER_DELAY_MS is for tests only and must not be set in production.');

  const proxy = parseTrustProxy(env.TRUST_PROXY);
  if ('problem' in proxy) problems.push(proxy.problem);

  if (problems.length) throw new ConfigError(problems);

  // Outside production a secret is made once and kept with the data, so sessions survive restarts.
  if (!jwtSecret) jwtSecret = localSecret(dataDir);

  const allowedOrigins = (env.ALLOWED_ORIGINS || '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  allowedOrigins.push(new URL(publicUrl).origin);
  if (nodeEnv !== 'production')
    allowedOrigins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://localhost:5173');

  return {
    env: nodeEnv,
    host,
    port,
    dataDir,
    mongoUrl: env.MONGO_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    mailUrl: env.MAIL_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Commission Warriors <no-reply@commissionwarriors.local>',
    supportEmail,
    jwtSecret,
    accessMode,
    demoPassword,
    workers: ['on', 'true', '1'].includes(workersValue),
    jobLockMs,
    rateLimitFactor,
    seedDemo: nodeEnv !== 'production' && ['on', 'true', '1'].includes(seedValue),
    publicUrl,
    allowedOrigins: [...new Set(allowedOrigins)],
    logLevel,
    redisPrefix: env.REDIS_PREFIX || 'cw',
    trustProxy: 'trustProxy' in proxy ? proxy.trustProxy : false,
    phoneProvider,
    sip,
    loadShedding,
    dialerAnswerDelayMs,
    speechMaxStreams,
  };
}

function sipConfig(env: NodeJS.ProcessEnv, problems: string[], dataDir: string): SipConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  for (const name of ['SIP_PROXY', 'SIP_OUTBOUND_PROXY', 'SIP_USERNAME']) {
    const uri = value(name);
    if (uri && !/^sips?:[^\s]+$/.test(uri))
      problems.push(`${name} must be a SIP URI such as sip:trunk.example.com:5060 (got "${uri}").`);
  }
  const janusUrl = value('JANUS_URL');
  if (janusUrl) {
    const problem = urlProblem('JANUS_URL', janusUrl, ['http:', 'https:']);
    if (problem) problems.push(problem);
  }
  if (env.PHONE_PROVIDER === 'sip' && value('SIP_PROXY') && (!janusUrl || !value('JANUS_API_SECRET'))) {
    problems.push(
      'PHONE_PROVIDER=sip with SIP_PROXY set needs JANUS_URL and JANUS_API_SECRET (leave SIP_PROXY unset to use the local carrier).',
    );
  }
  const registerValue = (env.SIP_REGISTER || 'off').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(registerValue))
    problems.push(`SIP_REGISTER must be "on" or "off" (got "${env.SIP_REGISTER}").`);
  let ringTimeoutMs = 20_000;
  if (env.SIP_RING_TIMEOUT_S) {
    if (!/^\d+$/.test(env.SIP_RING_TIMEOUT_S) || Number(env.SIP_RING_TIMEOUT_S) < 1)
      problems.push(
        `SIP_RING_TIMEOUT_S must be a whole number of seconds, at least 1 (got "${env.SIP_RING_TIMEOUT_S}").`,
      );
    else ringTimeoutMs = Number(env.SIP_RING_TIMEOUT_S) * 1_000;
  }
  const iceUrls = (env.WEBRTC_ICE_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const badIce = iceUrls.find((url) => !/^(stun|stuns|turn|turns):[^\s]+$/.test(url));
  if (badIce)
    problems.push(`WEBRTC_ICE_URLS must be stun:, stuns:, turn: or turns: URLs separated by commas (got "${badIce}").`);
  const turnSecret = value('TURN_SECRET');
  if (iceUrls.some((url) => url.startsWith('turn')) && !turnSecret)
    problems.push('WEBRTC_ICE_URLS lists a TURN server: set TURN_SECRET, the static-auth-secret of its coturn.');
  let credentialTtlS = 86_400;
  if (env.TURN_CREDENTIAL_TTL_S) {
    if (!/^\d+$/.test(env.TURN_CREDENTIAL_TTL_S) || Number(env.TURN_CREDENTIAL_TTL_S) < 60)
      problems.push(
        `TURN_CREDENTIAL_TTL_S must be a whole number of seconds, at least 60 (got "${env.TURN_CREDENTIAL_TTL_S}").`,
      );
    else credentialTtlS = Number(env.TURN_CREDENTIAL_TTL_S);
  }
  const localPort = value('SIP_LOCAL_PORT');
  if (localPort && (!/^\d+$/.test(localPort) || Number(localPort) < 1 || Number(localPort) > 65_535))
    problems.push(`SIP_LOCAL_PORT must be a UDP port number (got "${localPort}").`);
  const callModel = (value('SIP_CALL_MODEL') ?? 'room').toLowerCase();
  if (callModel !== 'plugin' && callModel !== 'room')
    problems.push(`SIP_CALL_MODEL must be "plugin" or "room" (got "${env.SIP_CALL_MODEL}").`);
  return {
    callModel: callModel === 'plugin' ? 'plugin' : 'room',
    localIp: value('SIP_LOCAL_IP'),
    ...(localPort && /^\d+$/.test(localPort) ? { localPort: Number(localPort) } : {}),
    browserIce: { urls: iceUrls, ...(turnSecret ? { turnSecret } : {}), credentialTtlS },
    janusUrl,
    janusApiSecret: value('JANUS_API_SECRET'),
    proxy: value('SIP_PROXY'),
    outboundProxy: value('SIP_OUTBOUND_PROXY'),
    username: value('SIP_USERNAME'),
    password: env.SIP_PASSWORD || undefined,
    register: ['on', 'true', '1'].includes(registerValue),
    callerId: value('SIP_CALLER_ID'),
    ringTimeoutMs,
    recordingsDir: path.resolve(value('SIP_RECORDINGS_DIR') ?? path.join(dataDir, 'telephony', 'recordings')),
  };
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
