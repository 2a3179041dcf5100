import { createHmac } from 'node:crypto';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '../../server/features/users/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

let testApp: TestApp;
let agent: CreatedUser;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function forge(header: Record<string, unknown>, claims: Record<string, unknown>, secret?: string): string {
  const body = `${b64(header)}.${b64(claims)}`;
  const signature = secret ? createHmac('sha256', secret).update(body).digest('base64url') : '';
  return `${body}.${signature}`;
}

/** Resolves 'connected' or the handshake's refusal message. */
function handshake(token: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectSocket(testApp.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  agent = await createUser(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

describe('access tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claimsOf = () => ({ sub: agent.user._id.toHexString(), role: 'admin', sv: 0, iat: now() });

  const cases: Array<[string, () => string]> = [
    [
      'a wrong signature',
      () => forge({ alg: 'HS256', typ: 'JWT' }, claimsOf(), 'not-the-server-secret-but-long-enough-1234'),
    ],
    ['alg: none', () => forge({ alg: 'none', typ: 'JWT' }, claimsOf())],
    [
      'an expired token',
      () =>
        forge(
          { alg: 'HS256', typ: 'JWT' },
          { ...claimsOf(), role: 'sales', iat: now() - 7200, exp: now() - 3600 },
          testApp.config.jwtSecret,
        ),
    ],
    ['garbage', () => 'not.a.jwt'],
  ];

  for (const [what, token] of cases) {
    it(`refuses ${what} on HTTP and on the socket handshake`, async () => {
      const res = await client(testApp.url).get('/api/me', { token: token() });
      expect(res.status).toBe(401);
      expect(res.body.error).toBeTypeOf('string');
      expect(await handshake(token())).toBe('unauthorized');
    });
  }

  it('accepts a good token, then refuses it once its user is deleted', async () => {
    const doomed = await createUser(testApp);
    expect((await client(testApp.url).get('/api/me', { token: doomed.accessToken })).status).toBe(200);
    expect(await handshake(doomed.accessToken)).toBe('connected');
    await deleteUser(testApp.platform.db, doomed.user._id);
    expect((await client(testApp.url).get('/api/me', { token: doomed.accessToken })).status).toBe(401);
    expect(await handshake(doomed.accessToken)).toBe('unauthorized');
  });
});

describe('HTTP hardening', () => {
  it('sends security headers and a CSP', async () => {
    const res = await fetch(`${testApp.url}/healthz`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('keeps CORS closed to other origins', async () => {
    const res = await fetch(`${testApp.url}/api/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a socket from a browser origin that is not allowed', async () => {
    const socket = connectSocket(testApp.url, {
      auth: { token: agent.accessToken },
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: 'https://evil.example' },
    });
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });
    socket.disconnect();
    expect(outcome).toBe('refused');
  });

  it('refuses a body over the limit with a clear 413, and a malformed one with a 400', async () => {
    const huge = await fetch(`${testApp.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBeTypeOf('string');
    for (const poisoned of ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}']) {
      const res = await fetch(`${testApp.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: poisoned,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBeTypeOf('string');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const broken = await fetch(`${testApp.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toBeTypeOf('string');
  });
});
