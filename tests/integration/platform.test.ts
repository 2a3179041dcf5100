import { ObjectId } from 'mongodb';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type SystemPongPayload } from '../../shared/events.js';
import { signAccessToken } from '../../server/platform/auth.js';
import { deleteUser, usersCollection, type UserDoc } from '../../server/features/users/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';

let testApp: TestApp;
let token: string;
let user: UserDoc;

beforeAll(async () => {
  testApp = await buildTestApp();
  // The platform test needs only a user row; the auth feature's own tests cover sign-up.
  user = {
    _id: new ObjectId(),
    email: 'platform@test.local',
    name: 'Platform Tester',
    passwordHash: 'unused',
    role: 'sales',
    emailVerified: true,
    accessGranted: false,
    avatarSeed: 'platform',
    referralCode: 'PLATFORM1',
    plan: { tier: 'trial', trialEndsAt: new Date(Date.now() + 90 * 86400_000) },
    earlyAccess: false,
    sessionVersion: 0,
    createdAt: new Date(),
  };
  await usersCollection(testApp.platform.db).insertOne(user);
  token = signAccessToken(testApp.app, user);
});

afterAll(async () => {
  await testApp?.close();
});

describe('platform', () => {
  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${testApp.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${testApp.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', mongo: 'ok', redis: 'ok' });
  });

  it('gives every response a request id', async () => {
    const res = await fetch(`${testApp.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });

  it('answers unknown API routes with a clear 404 body', async () => {
    const res = await fetch(`${testApp.url}/api/nowhere`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No route for GET /api/nowhere', code: 'NOT_FOUND' });
  });

  it('refuses API calls without a valid token', async () => {
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${token.slice(0, -2)}xx`]) {
      const res = await fetch(`${testApp.url}/api/system/ping`, {
        method: 'POST',
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(401);
    }
  });

  it("delivers an event emitted by a worker to the user's connected socket", async () => {
    const socket = await testApp.socket(token);
    const pong = new Promise<SystemPongPayload>((resolve) => socket.once(SocketEvents.systemPong, resolve));
    const res = await fetch(`${testApp.url}/api/system/ping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const payload = await pong;
    expect(payload.jobId).toBe(jobId);
    socket.disconnect();
  });

  it('refuses a socket handshake with a bad token or a foreign Origin', async () => {
    const attempt = (auth: Record<string, string>, extraHeaders?: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const socket = connectSocket(testApp.url, {
          auth,
          transports: ['polling'],
          reconnection: false,
          forceNew: true,
          extraHeaders,
        });
        socket.on('connect', () => {
          socket.disconnect();
          resolve('connected');
        });
        socket.on('connect_error', (error) => {
          socket.disconnect();
          resolve(error.message);
        });
      });
    expect(await attempt({ token: 'not-a-jwt' })).toBe('unauthorized');
    expect(await attempt({})).toBe('unauthorized');
    expect(await attempt({ token }, { origin: 'https://evil.example' })).not.toBe('connected');
    expect(await attempt({ token }, { origin: testApp.config.publicUrl })).toBe('connected');
  });

  it('refuses the token of a deleted user on HTTP and on the socket', async () => {
    const ghost = { ...user, _id: new ObjectId(), email: 'ghost@test.local', referralCode: 'GHOST1' };
    await usersCollection(testApp.platform.db).insertOne(ghost);
    const ghostToken = signAccessToken(testApp.app, ghost);
    await deleteUser(testApp.platform.db, ghost._id);
    const res = await fetch(`${testApp.url}/api/system/ping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ghostToken}` },
    });
    expect(res.status).toBe(401);
    await expect(testApp.socket(ghostToken)).rejects.toThrow('unauthorized');
  });
});
