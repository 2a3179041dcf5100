import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokensCollection } from '../../server/features/auth/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, cookiePair } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
let agent: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  http = client(testApp.url);
  agent = await createUser(testApp, { email: 'session@test.local', name: 'Sam Session', password: 'session-password' });
});
afterAll(() => testApp?.close());

async function login(rememberMe?: boolean) {
  const res = await http.post<{ accessToken: string; user: { email: string } }>('/api/auth/login', {
    email: 'Session@Test.local',
    password: 'session-password',
    ...(rememberMe === undefined ? {} : { rememberMe }),
  });
  expect(res.status).toBe(200);
  return {
    ...res.body,
    cookie: cookiePair(res.cookies, 'cw_refresh')!,
    setCookie: res.cookies.find((c) => c.startsWith('cw_refresh='))!,
  };
}

describe('POST /api/auth/login', () => {
  it('asks for both fields: "Please enter both email and password"', async () => {
    for (const body of [
      {},
      { email: 'session@test.local' },
      { password: 'x' },
      { email: '', password: 'session-password' },
      { email: 'session@test.local', password: '' },
    ]) {
      const res = await http.post('/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Please enter both email and password', code: 'VALIDATION' });
    }
  });

  it('answers wrong credentials and unknown e-mails alike', async () => {
    for (const body of [
      { email: 'session@test.local', password: 'wrong-password' },
      { email: 'nobody@test.local', password: 'session-password' },
    ]) {
      const res = await http.post('/api/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid login credentials', title: 'Login failed', code: 'UNAUTHENTICATED' });
    }
  });

  it('signs in with a browser-session cookie, or a 30-day one with "remember me"', async () => {
    const session = await login(false);
    expect(session.user.email).toBe('session@test.local');
    expect(session.setCookie).toMatch(/HttpOnly/i);
    expect(session.setCookie).toMatch(/SameSite=Strict/i);
    expect(session.setCookie).toMatch(/Path=\/api\/auth/);
    expect(session.setCookie).not.toMatch(/Max-Age/i);
    expect(session.setCookie).not.toMatch(/Secure/i);
    const stored = await refreshTokensCollection(testApp.platform.db).findOne(
      { userId: agent.user._id, persistent: false },
      { sort: { createdAt: -1 } },
    );
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(12 * 3600 * 1000);
    expect(stored!.tokenHash).not.toBe(session.cookie.split('=')[1]);

    const remembered = await login(true);
    expect(remembered.setCookie).toMatch(/Max-Age=2592000/);

    const me = await http.get('/api/me', { token: session.accessToken });
    expect(me.body).toMatchObject({
      email: 'session@test.local',
      name: 'Sam Session',
      role: 'sales',
      access: 'granted',
    });
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and answers a new access token', async () => {
    const session = await login(true);
    const res = await http.post<{ accessToken: string }>('/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['accessToken']);
    const next = cookiePair(res.cookies, 'cw_refresh')!;
    expect(next).not.toBe(session.cookie);
    expect(res.cookies.find((c) => c.startsWith('cw_refresh='))).toMatch(/Max-Age=2592000/);
    expect((await http.get('/api/me', { token: res.body.accessToken })).status).toBe(200);

    const again = await http.post('/api/auth/refresh', undefined, { cookie: next });
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const other = await login(false);
    const session = await login(false);
    const first = await http.post('/api/auth/refresh', undefined, { cookie: session.cookie });
    const current = cookiePair(first.cookies, 'cw_refresh')!;

    const replay = await http.post('/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'Your session has ended. Please sign in again.', code: 'UNAUTHENTICATED' });
    expect(replay.cookies.find((c) => c.startsWith('cw_refresh='))).toMatch(/Expires=Thu, 01 Jan 1970/);

    // The legitimate holder of the newest token is signed out too...
    expect((await http.post('/api/auth/refresh', undefined, { cookie: current })).status).toBe(401);
    // ...but another sign-in of the same user is untouched.
    expect((await http.post('/api/auth/refresh', undefined, { cookie: other.cookie })).status).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await http.post('/api/auth/refresh')).status).toBe(401);
    expect((await http.post('/api/auth/refresh', undefined, { cookie: 'cw_refresh=made-up' })).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session family and clears the cookie', async () => {
    const session = await login(true);
    const res = await http.post('/api/auth/logout', undefined, { cookie: session.cookie });
    expect(res.status).toBe(204);
    const cleared = res.cookies.find((c) => c.startsWith('cw_refresh='));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/Path=\/api\/auth/);
    expect((await http.post('/api/auth/refresh', undefined, { cookie: session.cookie })).status).toBe(401);
    expect((await http.post('/api/auth/logout')).status).toBe(204);
  });
});

describe('GET /api/me', () => {
  it('needs a valid access token', async () => {
    expect((await http.get('/api/me')).status).toBe(401);
    expect((await http.get('/api/me', { token: 'nonsense' })).status).toBe(401);
  });
});
