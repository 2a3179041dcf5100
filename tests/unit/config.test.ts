import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.js';

const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/cw-config-test' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration', () => {
  it('defaults to the embedded setup on port 3000', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.mongoUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.accessMode).toBe('open');
    expect(config.workers).toBe(true);
    expect(config.demoPassword).toBe('commission-warrior');
  });

  it('names every bad variable in its own sentence', () => {
    const problems = problemsOf({
      PORT: 'abc',
      MONGO_URL: 'http://x',
      REDIS_URL: 'nope',
      ACCESS_MODE: 'closed',
      WORKERS: 'maybe',
      JWT_SECRET: 'short',
    });
    expect(problems).toHaveLength(6);
    expect(problems[0]).toBe('PORT must be a whole number from 0 to 65535 (got "abc").');
    expect(problems.join(' ')).toContain('MONGO_URL must start with mongodb://');
    expect(problems.join(' ')).toContain('REDIS_URL is not a valid URL');
    expect(problems.join(' ')).toContain('ACCESS_MODE must be "open" or "waitlist"');
    expect(problems.join(' ')).toContain('WORKERS must be "on" or "off"');
    expect(problems.join(' ')).toContain('JWT_SECRET must be at least 32 characters');
  });

  it('reads the load-shedding limits, with defaults, refuses what is not a whole number in range, and the removed event-loop switch', () => {
    expect(loadConfig(base).loadShedding).toEqual({
      maxInFlight: 16,
      maxQueue: 2000,
      maxWaitMs: 3000,
      retryAfterSeconds: 2,
    });
    expect(
      loadConfig({
        ...base,
        LOAD_SHED_MAX_IN_FLIGHT: '250',
        LOAD_SHED_MAX_QUEUE: '0',
        LOAD_SHED_MAX_WAIT_MS: '500',
        LOAD_SHED_RETRY_AFTER_S: '5',
      }).loadShedding,
    ).toEqual({
      maxInFlight: 250,
      maxQueue: 0,
      maxWaitMs: 500,
      retryAfterSeconds: 5,
    });
    expect(
      problemsOf({
        LOAD_SHED_MAX_IN_FLIGHT: 'many',
        LOAD_SHED_MAX_WAIT_MS: '0',
        LOAD_SHED_RETRY_AFTER_S: '0',
        LOAD_SHED_EVENT_LOOP_DELAY_MS: '100',
      }),
    ).toEqual([
      'LOAD_SHED_MAX_IN_FLIGHT must be a whole number of requests, at least 0 (got "many").',
      'LOAD_SHED_MAX_WAIT_MS must be a whole number of milliseconds, at least 1 (got "0").',
      'LOAD_SHED_RETRY_AFTER_S must be a whole number of seconds, at least 1 (got "0").',
      'LOAD_SHED_EVENT_LOOP_DELAY_MS was removed: load shedding no longer watches the event loop; remove it (LOAD_SHED_MAX_IN_FLIGHT, LOAD_SHED_MAX_QUEUE and LOAD_SHED_MAX_WAIT_MS set it now).',
    ]);
  });

  it('takes the simulator as phone provider unless PHONE_PROVIDER names another one it knows', () => {
    expect(loadConfig(base).phoneProvider).toBe('simulator');
    expect(loadConfig({ ...base, PHONE_PROVIDER: 'sip' }).phoneProvider).toBe('sip');
    expect(problemsOf({ PHONE_PROVIDER: 'zoom' })).toEqual([
      'PHONE_PROVIDER must be "simulator" or "sip" (got "zoom").',
    ]);
  });

  it('reads the SIP trunk and Janus gateway of PHONE_PROVIDER=sip, and wants the gateway with a SIP_PROXY', () => {
    const local = loadConfig({ ...base, PHONE_PROVIDER: 'sip' }).sip;
    expect(local).toMatchObject({ register: false, ringTimeoutMs: 20_000 });
    expect(local.proxy).toBeUndefined();
    const trunk = loadConfig({
      ...base,
      PHONE_PROVIDER: 'sip',
      SIP_PROXY: 'sip:trunk.example.com:5060',
      SIP_USERNAME: 'sip:cw@trunk.example.com',
      SIP_PASSWORD: 'pw',
      SIP_CALLER_ID: '+15550100000',
      SIP_RING_TIMEOUT_S: '25',
      JANUS_URL: 'http://10.0.0.5:8088/janus',
      JANUS_API_SECRET: 's3cret',
    }).sip;
    expect(trunk).toMatchObject({
      proxy: 'sip:trunk.example.com:5060',
      username: 'sip:cw@trunk.example.com',
      password: 'pw',
      callerId: '+15550100000',
      ringTimeoutMs: 25_000,
      janusUrl: 'http://10.0.0.5:8088/janus',
      register: false,
    });
    expect(problemsOf({ PHONE_PROVIDER: 'sip', SIP_PROXY: 'sip:trunk.example.com' })).toEqual([
      'PHONE_PROVIDER=sip with SIP_PROXY set needs JANUS_URL and JANUS_API_SECRET (leave SIP_PROXY unset to use the local carrier).',
    ]);
    expect(problemsOf({ SIP_PROXY: 'trunk.example.com', SIP_RING_TIMEOUT_S: '0' })).toEqual([
      'SIP_PROXY must be a SIP URI such as sip:trunk.example.com:5060 (got "trunk.example.com").',
      'SIP_RING_TIMEOUT_S must be a whole number of seconds, at least 1 (got "0").',
    ]);
  });

  it("reads the browsers' STUN and TURN servers and refuses a TURN server without its shared secret", () => {
    expect(loadConfig({ ...base }).sip.browserIce).toEqual({ urls: [], credentialTtlS: 86_400 });
    const ice = loadConfig({
      ...base,
      WEBRTC_ICE_URLS:
        'stun:stun.example.com:3478, turn:turn.example.com:3478?transport=udp,turns:turn.example.com:443?transport=tcp',
      TURN_SECRET: 'north',
      TURN_CREDENTIAL_TTL_S: '3600',
    }).sip.browserIce;
    expect(ice).toEqual({
      urls: [
        'stun:stun.example.com:3478',
        'turn:turn.example.com:3478?transport=udp',
        'turns:turn.example.com:443?transport=tcp',
      ],
      turnSecret: 'north',
      credentialTtlS: 3_600,
    });
    expect(problemsOf({ WEBRTC_ICE_URLS: 'turn:turn.example.com:3478' })).toEqual([
      'WEBRTC_ICE_URLS lists a TURN server: set TURN_SECRET, the static-auth-secret of its coturn.',
    ]);
    expect(problemsOf({ WEBRTC_ICE_URLS: 'https://turn.example.com', TURN_CREDENTIAL_TTL_S: '10' })).toEqual([
      'WEBRTC_ICE_URLS must be stun:, stuns:, turn: or turns: URLs separated by commas (got "https://turn.example.com").',
      'TURN_CREDENTIAL_TTL_S must be a whole number of seconds, at least 60 (got "10").',
    ]);
  });

  it('requires a JWT secret in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: '' })).toEqual([
      'JWT_SECRET must be set in production (at least 32 characters).',
    ]);
  });

  it('switches to external servers and workers off with no code change', () => {
    const config = loadConfig({
      ...base,
      MONGO_URL: 'mongodb://db:27017/cw',
      REDIS_URL: 'redis://cache:6379',
      WORKERS: 'off',
      PORT: '8080',
    });
    expect(config).toMatchObject({
      mongoUrl: 'mongodb://db:27017/cw',
      redisUrl: 'redis://cache:6379',
      workers: false,
      port: 8080,
    });
  });
});
