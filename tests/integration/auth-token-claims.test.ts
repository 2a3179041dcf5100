import { createHmac } from 'node:crypto';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

let testApp: TestApp;
let agent: CreatedUser;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the server's own secret, so only its claims can be wrong. */
function signed(claims: Record<string, unknown>): string {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', testApp.config.jwtSecret).update(body).digest('base64url')}`;
}

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
afterAll(() => testApp?.close());

describe('signed tokens that signAccessToken would never issue', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const good = () => ({ sub: agent.user._id.toHexString(), role: 'sales', sv: 0, iat: now(), exp: now() + 600 });

  it('accepts the well-formed token these cases start from', async () => {
    expect((await client(testApp.url).get('/api/me', { token: signed(good()) })).status).toBe(200);
    expect(await handshake(signed(good()))).toBe('connected');
  });

  const cases: Array<[string, () => Record<string, unknown>]> = [
    ['no exp (it would never expire)', () => ({ ...good(), exp: undefined })],
    ['a non-numeric exp', () => ({ ...good(), exp: 'never' })],
    ['a sub that is an object', () => ({ ...good(), sub: { $gt: '' } })],
    ['a sub that is an array', () => ({ ...good(), sub: [agent.user._id.toHexString()] })],
    ['a sub that is a number', () => ({ ...good(), sub: 1234 })],
    ['a sub in capitals', () => ({ ...good(), sub: agent.user._id.toHexString().toUpperCase() })],
    ['a sub that is not an id', () => ({ ...good(), sub: 'agent@test.local' })],
    ['no session version', () => ({ ...good(), sv: undefined })],
  ];

  for (const [what, claims] of cases) {
    it(`refuses ${what} on HTTP and on the socket handshake`, async () => {
      const res = await client(testApp.url).get('/api/me', { token: signed(claims()) });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(await handshake(signed(claims()))).toBe('unauthorized');
    });
  }
});
