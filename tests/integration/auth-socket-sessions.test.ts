import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_USER, SocketRequests, type RenewAuthAnswer } from '../../shared/events.js';
import { assignRoleDirectly } from '../../server/features/auth/accounts.js';
import { findUserById } from '../../server/features/users/repository.js';
import { signAccessToken } from '../../server/platform/auth.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, cookiePair, eventually } from '../support/http.js';

let testApp: TestApp;
let secondNode: TestApp;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await buildTestApp();
  secondNode = await buildTestApp({ nodeOf: testApp, workers: false });
  http = client(testApp.url);
});
afterAll(async () => {
  await secondNode?.close();
  await testApp?.close();
});

/** Resolves with the reason Socket.IO gives when this socket is closed. */
const closed = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

/** One socket of the user on each API node. */
async function socketsOnBothNodes(token: string): Promise<Socket[]> {
  return [await testApp.socket(token), await secondNode.socket(token)];
}

/** Resolves 'connected' or the handshake's refusal message. */
function handshake(app: TestApp, token: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectSocket(app.url, {
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

async function signIn(agent: CreatedUser): Promise<{ accessToken: string; cookie: string }> {
  const res = await http.post<{ accessToken: string }>('/api/auth/login', {
    email: agent.user.email,
    password: agent.password,
  });
  expect(res.status).toBe(200);
  return { accessToken: res.body.accessToken, cookie: cookiePair(res.cookies, 'cw_refresh')! };
}

describe('sockets end with the credentials they were opened with, on every node', () => {
  it("a password reset closes the user's sockets and the old token cannot reopen one", async () => {
    const agent = await createUser(testApp);
    const sockets = await socketsOnBothNodes(agent.accessToken);
    const reasons = Promise.all(sockets.map(closed));

    expect((await http.post('/api/auth/forgot', { email: agent.user.email })).status).toBe(202);
    const code = await eventually(async () => {
      const { body } = await http.get<{ emails: Array<{ subject: string; text: string }> }>(
        `/api/dev/outbox?to=${encodeURIComponent(agent.user.email)}`,
      );
      const mail = body.emails.find((m) => m.subject === 'Reset your Commission Warriors password');
      return mail ? /reset your password: (\S+)/.exec(mail.text)![1] : undefined;
    });
    expect(
      (await http.post('/api/auth/reset', { email: agent.user.email, code, password: 'a-brand-new-passphrase' }))
        .status,
    ).toBe(200);

    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await handshake(secondNode, agent.accessToken)).toBe('unauthorized');
  });

  it('a password change closes every socket, and the token it answers opens a new one', async () => {
    const agent = await createUser(testApp);
    const sockets = await socketsOnBothNodes(agent.accessToken);
    const reasons = Promise.all(sockets.map(closed));

    const res = await http.post<{ accessToken: string }>(
      '/api/me/password',
      { currentPassword: agent.password, newPassword: 'another-long-passphrase' },
      { token: agent.accessToken },
    );
    expect(res.status).toBe(200);

    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await handshake(testApp, agent.accessToken)).toBe('unauthorized');
    expect(await handshake(secondNode, res.body.accessToken)).toBe('connected');
  });

  it("refresh-token reuse closes the user's sockets and ends the access tokens issued before", async () => {
    const agent = await createUser(testApp);
    const session = await signIn(agent);
    const sockets = await socketsOnBothNodes(session.accessToken);
    const reasons = Promise.all(sockets.map(closed));

    expect((await http.post('/api/auth/refresh', undefined, { cookie: session.cookie })).status).toBe(200);
    expect((await http.post('/api/auth/refresh', undefined, { cookie: session.cookie })).status).toBe(401);

    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await handshake(testApp, session.accessToken)).toBe('unauthorized');
    // Another device's refresh token still works: it gets a token the sockets accept.
    const other = await http.post<{ accessToken: string }>('/api/auth/refresh', undefined, { cookie: agent.cookie });
    expect(other.status).toBe(200);
    expect(await handshake(testApp, other.body.accessToken)).toBe('connected');
  });

  it("a role change closes the sockets, which reconnect into the new role's rooms", async () => {
    const agent = await createUser(testApp);
    const sockets = await socketsOnBothNodes(agent.accessToken);
    const reasons = Promise.all(sockets.map(closed));

    await assignRoleDirectly(testApp.platform, agent.user._id, 'owner');

    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    const owner = (await findUserById(testApp.platform.db, agent.user._id))!;
    expect(await handshake(secondNode, signAccessToken(testApp.app, owner))).toBe('connected');
  });

  it("an admin approving a role request closes the user's sockets", async () => {
    const admin = await createUser(testApp, { role: 'admin' });
    const agent = await createUser(testApp);
    expect((await http.post('/api/me/role', { role: 'owner' }, { token: agent.accessToken })).status).toBe(200);
    const sockets = await socketsOnBothNodes(agent.accessToken);
    const reasons = Promise.all(sockets.map(closed));

    const decided = await http.post(
      `/api/admin/role-requests/${agent.user._id.toHexString()}`,
      { decision: 'approve' },
      { token: admin.accessToken },
    );
    expect(decided.status).toBe(200);

    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

describe("a socket's authorisation lapses with its access token", () => {
  const shortToken = (agent: CreatedUser, seconds: number) =>
    testApp.app.jwt.sign(
      { sub: agent.user._id.toHexString(), role: agent.user.role, sv: agent.user.sessionVersion },
      { expiresIn: seconds },
    );

  it('closes a socket whose token expired', async () => {
    const agent = await createUser(testApp);
    const socket = await testApp.socket(shortToken(agent, 2));
    expect(await closed(socket)).toBe('io server disconnect');
  });

  it('keeps a socket that handed over a fresh token before expiry', async () => {
    const agent = await createUser(testApp);
    const socket = await secondNode.socket(shortToken(agent, 2));
    const answer = await socket.emitWithAck(SocketRequests.renewAuth, shortToken(agent, 60));
    expect(answer).toEqual({ ok: true } satisfies RenewAuthAnswer);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it("refuses a renewal with another user's token, a stale token or garbage, and the socket still ends on time", async () => {
    const agent = await createUser(testApp);
    const stranger = await createUser(testApp);
    const socket = await testApp.socket(shortToken(agent, 3));
    const ending = closed(socket);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await socket.emitWithAck(SocketRequests.renewAuth, stranger.accessToken)).toEqual({
      ok: false,
      error: 'unauthorized',
    });
    await pause();
    expect(await socket.emitWithAck(SocketRequests.renewAuth, { token: agent.accessToken })).toEqual({
      ok: false,
      error: 'unauthorized',
    });
    expect(await ending).toBe('io server disconnect');
  });
});

describe('sockets per user', () => {
  it(`accepts ${MAX_SOCKETS_PER_USER} sockets across nodes, refuses the next with a clear message, and takes one again after a close`, async () => {
    const agent = await createUser(testApp);
    const sockets: Socket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++)
      sockets.push(await (i % 2 ? secondNode : testApp).socket(agent.accessToken));

    const refused = await new Promise<{ message: string; data?: unknown }>((resolve) => {
      const extra = connectSocket(secondNode.url, {
        auth: { token: agent.accessToken },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      extra.once('connect_error', (error: Error & { data?: unknown }) =>
        resolve({ message: error.message, data: error.data }),
      );
      extra.once('connect', () => resolve({ message: 'connected' }));
    });
    expect(refused).toEqual({
      message: 'Too many open connections. Please close some tabs or windows and try again.',
      data: { code: 'TOO_MANY_CONNECTIONS' },
    });

    // Another user is not affected.
    expect(await handshake(testApp, (await createUser(testApp)).accessToken)).toBe('connected');

    sockets.pop()!.disconnect();
    await eventually(async () => ((await handshake(testApp, agent.accessToken)) === 'connected' ? true : undefined));
    for (const socket of sockets) socket.disconnect();
  });
});
