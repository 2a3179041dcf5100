import { ObjectId } from 'mongodb';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rooms } from '../../shared/events.js';
import type { Role } from '../../shared/types/user.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client } from '../support/http.js';

// N4 of issue 34: tokens signed with the server's own secret whose claims say more than the database does. HTTP
// refuses them because it reads the user; the handshake must too, and rooms must follow the stored user.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
});

afterAll(async () => {
  await testApp?.close();
});

/** A token with exactly these claims, signed with the server's secret (what a leaked or misused signer could mint). */
function signed(claims: { sub: string; role: Role; sv: number }): string {
  return testApp.app.jwt.sign(claims);
}

/** Resolves 'connected' with the rooms the server put the socket in, or the handshake's refusal message. */
function handshake(token: string): Promise<{ result: string; rooms: string[] }> {
  return new Promise((resolve) => {
    const socket = connectSocket(testApp.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => {
      const server = testApp.io.of('/').sockets.get(socket.id!);
      const rooms = server ? [...server.rooms].filter((room) => room !== socket.id) : [];
      socket.disconnect();
      resolve({ result: 'connected', rooms });
    });
    socket.once('connect_error', (error) => resolve({ result: error.message, rooms: [] }));
  });
}

describe('the socket handshake believes the stored user, not the token', () => {
  it('refuses a token for a user that does not exist, even one that says admin', async () => {
    const token = signed({ sub: new ObjectId().toHexString(), role: 'admin', sv: 0 });
    expect((await client(testApp.url).get('/api/me', { token })).status).toBe(401);
    expect((await handshake(token)).result).toBe('unauthorized');
  });

  it('puts a sales user whose token claims admin in their own room only', async () => {
    const agent = await createUser(testApp);
    const token = signed({ sub: agent.user._id.toHexString(), role: 'admin', sv: 0 });
    expect((await client(testApp.url).get('/api/admin/role-requests', { token })).status).toBe(403);
    const { result, rooms } = await handshake(token);
    expect(result).toBe('connected');
    expect(rooms).toContain(Rooms.user(agent.user._id.toHexString()));
    expect(rooms).not.toContain(Rooms.admins);
  });

  it("puts an admin in the admins' room whatever the token claims", async () => {
    const admin = await createUser(testApp, { role: 'admin' });
    const token = signed({ sub: admin.user._id.toHexString(), role: 'sales', sv: 0 });
    const { result, rooms } = await handshake(token);
    expect(result).toBe('connected');
    expect(rooms).toContain(Rooms.admins);
  });

  it('refuses a session version the user never had', async () => {
    const agent = await createUser(testApp);
    const token = signed({ sub: agent.user._id.toHexString(), role: 'sales', sv: 7 });
    expect((await client(testApp.url).get('/api/me', { token })).status).toBe(401);
    expect((await handshake(token)).result).toBe('unauthorized');
  });

  it('refuses the token of a session ended by a password change, even after Redis lost what it kept (a restart)', async () => {
    const agent = await createUser(testApp);
    const http = client(testApp.url);
    const open = await testApp.socket(agent.accessToken);
    const closed = new Promise<string>((resolve) => open.once('disconnect', resolve));
    const changed = await http.post(
      '/api/me/password',
      { currentPassword: agent.password, newPassword: 'another-long-passphrase' },
      { token: agent.accessToken },
    );
    expect(changed.status).toBe(200);
    expect(await closed).toBe('io server disconnect');

    // A Redis restarted without persistence forgets its volatile keys; the handshake must not depend on them.
    const redis = testApp.platform.redis;
    const keys = await redis.keys(`${testApp.config.redisPrefix}:revoked:*`);
    if (keys.length > 0) await redis.del(...keys);

    expect((await http.get('/api/me', { token: agent.accessToken })).status).toBe(401);
    expect((await handshake(agent.accessToken)).result).toBe('unauthorized');
  });
});
