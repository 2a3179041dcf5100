import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import { notify, notifyMany } from '../../server/features/notifications/service.js';
import { notificationsCollection } from '../../server/features/notifications/repository.js';
import { sha256 } from '../../server/features/auth/codes.js';
import { refreshTokensCollection } from '../../server/features/auth/repository.js';
import { findUserById } from '../../server/features/users/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client, cookiePair } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  http = client(testApp.url);
});
afterAll(() => testApp?.close());

describe('PATCH /api/me', () => {
  it('updates name and contact (trimmed) and answers the same shape as GET /api/me', async () => {
    const agent = await createUser(testApp, { name: 'Old Name' });
    const res = await http.patch<Record<string, unknown>>(
      '/api/me',
      { name: '  New Name ', contact: ' +20 100 555 0101 ' },
      { token: agent.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'New Name',
      contact: '+20 100 555 0101',
      access: 'granted',
      email: agent.user.email,
    });
    const me = await http.get<Record<string, unknown>>('/api/me', { token: agent.accessToken });
    expect(res.body).toEqual(me.body);

    const onlyContact = await http.patch<{ name: string; contact: string }>(
      '/api/me',
      { contact: '@telegram_me' },
      { token: agent.accessToken },
    );
    expect(onlyContact.body).toMatchObject({ name: 'New Name', contact: '@telegram_me' });
  });

  it('refuses blank, too long or empty changes and changes nothing', async () => {
    const agent = await createUser(testApp, { name: 'Kept Name' });
    const cases: Array<[unknown, string]> = [
      [{ name: '   ' }, 'Please enter your name (at most 80 characters).'],
      [{ name: '' }, 'Please enter your name (at most 80 characters).'],
      [{ name: 'x'.repeat(81) }, 'Please enter your name (at most 80 characters).'],
      [{ contact: ' ' }, 'Please enter your phone, WhatsApp or Telegram (at most 100 characters).'],
      [{ name: 42 }, 'Please enter your name (at most 80 characters).'],
      [{}, 'Nothing to change.'],
    ];
    for (const [body, error] of cases) {
      const res = await http.patch('/api/me', body, { token: agent.accessToken });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error });
    }
    // Fields that are not the user's to set are dropped.
    const sneaky = await http.patch<{ role: string; email: string }>(
      '/api/me',
      { name: 'Kept Name', role: 'admin', email: 'x@y.z' },
      { token: agent.accessToken },
    );
    expect(sneaky.status).toBe(200);
    const stored = await findUserById(testApp.platform.db, agent.user._id);
    expect(stored).toMatchObject({ name: 'Kept Name', role: 'sales', email: agent.user.email });
  });

  it('needs a signed-in user', async () => {
    expect((await http.patch('/api/me', { name: 'X' })).status).toBe(401);
  });
});

describe('POST /api/me/password', () => {
  it('checks the current password, then ends every other session and keeps this one signed in', async () => {
    const agent = await createUser(testApp, { password: 'old-password-1' });
    const other = await http.post<{ accessToken: string }>('/api/auth/login', {
      email: agent.user.email,
      password: 'old-password-1',
      rememberMe: true,
    });
    const otherCookie = cookiePair(other.cookies, 'cw_refresh')!;

    const wrong = await http.post(
      '/api/me/password',
      { currentPassword: 'not-it-at-all', newPassword: 'new-password-1' },
      { token: agent.accessToken },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'Your current password is incorrect.',
      title: 'Password change failed',
      code: 'VALIDATION',
    });
    const short = await http.post(
      '/api/me/password',
      { currentPassword: 'old-password-1', newPassword: 'short' },
      { token: agent.accessToken },
    );
    expect(short.body).toMatchObject({ error: 'Password must be at least 8 characters long.' });
    const empty = await http.post(
      '/api/me/password',
      { currentPassword: 'old-password-1' },
      { token: agent.accessToken },
    );
    expect(empty.body).toMatchObject({ error: 'Please fill in all fields' });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.sessionVersion).toBe(0);

    const ok = await http.post<{ accessToken: string; user: { id: string; email: string } }>(
      '/api/me/password',
      { currentPassword: 'old-password-1', newPassword: 'new-password-1' },
      { token: agent.accessToken },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ id: agent.user._id.toHexString(), email: agent.user.email });
    const line = ok.cookies.find((c) => c.startsWith('cw_refresh='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Path=\/api\/auth/);
    // This device was not remembered: still a browser-session cookie.
    expect(line).not.toMatch(/Max-Age|Expires/i);
    const freshCookie = cookiePair(ok.cookies, 'cw_refresh')!;
    expect((await findUserById(testApp.platform.db, agent.user._id))!.sessionVersion).toBe(1);

    // Every token issued before is dead ...
    expect((await http.get('/api/me', { token: agent.accessToken })).status).toBe(401);
    expect((await http.get('/api/me', { token: other.body.accessToken })).status).toBe(401);
    expect((await http.post('/api/auth/refresh', undefined, { cookie: agent.cookie })).status).toBe(401);
    expect((await http.post('/api/auth/refresh', undefined, { cookie: otherCookie })).status).toBe(401);
    // ... and this device goes on with the new ones.
    expect((await http.get('/api/me', { token: ok.body.accessToken })).status).toBe(200);
    const refreshed = await http.post<{ accessToken: string }>('/api/auth/refresh', undefined, { cookie: freshCookie });
    expect(refreshed.status).toBe(200);
    expect((await http.get('/api/me', { token: refreshed.body.accessToken })).status).toBe(200);

    expect((await http.post('/api/auth/login', { email: agent.user.email, password: 'old-password-1' })).status).toBe(
      401,
    );
    expect((await http.post('/api/auth/login', { email: agent.user.email, password: 'new-password-1' })).status).toBe(
      200,
    );
  });

  // The route never sees the refresh cookie (Path=/api/auth): the access token tells it how this device signed in.
  it.each([
    { rememberMe: true, cookie: /Max-Age=2592000/, serverSeconds: 30 * 24 * 3600 },
    { rememberMe: false, cookie: /^(?!.*(Max-Age|Expires))/i, serverSeconds: 12 * 3600 },
  ])(
    'keeps this device\'s "remember me" choice ($rememberMe) for the new session',
    async ({ rememberMe, cookie, serverSeconds }) => {
      const agent = await createUser(testApp, { password: 'old-password-3' });
      const signIn = await http.post<{ accessToken: string }>('/api/auth/login', {
        email: agent.user.email,
        password: 'old-password-3',
        rememberMe,
      });
      const signInLine = signIn.cookies.find((c) => c.startsWith('cw_refresh='))!;
      expect(signInLine).toMatch(cookie);

      const ok = await http.post<{ accessToken: string }>(
        '/api/me/password',
        { currentPassword: 'old-password-3', newPassword: 'new-password-3' },
        { token: signIn.body.accessToken },
      );
      expect(ok.status).toBe(200);
      const line = ok.cookies.find((c) => c.startsWith('cw_refresh='))!;
      expect(line).toMatch(cookie);
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Strict/i);
      expect(line).toMatch(/Path=\/api\/auth/);
      const stored = await refreshTokensCollection(testApp.platform.db).findOne({
        tokenHash: sha256(cookiePair(ok.cookies, 'cw_refresh')!.slice('cw_refresh='.length)),
      });
      expect(stored).toMatchObject({ persistent: rememberMe, revokedAt: null });
      expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(serverSeconds * 1000);

      // The sign-in's refresh token is refused; the new one works and rotates into the same kind of cookie.
      expect(
        (await http.post('/api/auth/refresh', undefined, { cookie: cookiePair(signIn.cookies, 'cw_refresh') })).status,
      ).toBe(401);
      expect((await http.post('/api/auth/refresh', undefined, { cookie: agent.cookie })).status).toBe(401);
      const refreshed = await http.post<{ accessToken: string }>('/api/auth/refresh', undefined, {
        cookie: cookiePair(ok.cookies, 'cw_refresh'),
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.cookies.find((c) => c.startsWith('cw_refresh='))).toMatch(cookie);

      // A second change from the refreshed token still knows the choice.
      const again = await http.post(
        '/api/me/password',
        { currentPassword: 'new-password-3', newPassword: 'newer-password-3' },
        { token: refreshed.body.accessToken },
      );
      expect(again.status).toBe(200);
      expect(again.cookies.find((c) => c.startsWith('cw_refresh='))).toMatch(cookie);
    },
  );

  it('limits wrong guesses per account', async () => {
    const agent = await createUser(testApp, { password: 'old-password-2' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await http.post(
            '/api/me/password',
            { currentPassword: `guess-${i}-wrong`, newPassword: 'new-password-2' },
            { token: agent.accessToken },
          )
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits for the window now.
    const right = await http.post(
      '/api/me/password',
      { currentPassword: 'old-password-2', newPassword: 'new-password-2' },
      { token: agent.accessToken },
    );
    expect(right.status).toBe(429);
    expect((await findUserById(testApp.platform.db, agent.user._id))!.sessionVersion).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await http.post('/api/me/password', { currentPassword: 'a', newPassword: 'b' })).status).toBe(401);
  });
});

describe('GET|PUT /api/me/preferences', () => {
  it('starts with everything on, stores choices, and notify() skips types turned off in the app', async () => {
    const agent = await createUser(testApp);
    const initial = await http.get<{ notifications: Record<string, { inApp: boolean; toast: boolean }> }>(
      '/api/me/preferences',
      { token: agent.accessToken },
    );
    expect(initial.status).toBe(200);
    expect(initial.body.notifications['lead-assigned']).toEqual({ inApp: true, toast: true });
    expect(Object.values(initial.body.notifications).every((p) => p.inApp && p.toast)).toBe(true);

    const saved = await http.put<{ notifications: Record<string, { inApp: boolean; toast: boolean }> }>(
      '/api/me/preferences',
      {
        notifications: {
          ...initial.body.notifications,
          'post-liked': { inApp: false, toast: false },
          'lead-assigned': { inApp: true, toast: false },
        },
      },
      { token: agent.accessToken },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.notifications['post-liked']).toEqual({ inApp: false, toast: false });
    expect(saved.body.notifications['lead-assigned']).toEqual({ inApp: true, toast: false });
    const again = await http.get<{ notifications: Record<string, unknown> }>('/api/me/preferences', {
      token: agent.accessToken,
    });
    expect(again.body).toEqual(saved.body);

    const socket = await testApp.socket(agent.accessToken);
    const pushed: string[] = [];
    socket.on(SocketEvents.notificationNew, (item: { type: string }) => pushed.push(item.type));
    try {
      await notify(testApp.platform, agent.user._id, { type: 'post-liked', title: 'Muted', body: 'not stored' });
      await notify(testApp.platform, agent.user._id, {
        type: 'lead-assigned',
        title: 'Kept',
        body: 'stored, no toast on the client',
      });
      await notifyMany(testApp.platform, [
        { userId: agent.user._id, input: { type: 'post-liked', title: 'Muted too', body: 'x' } },
        { userId: agent.user._id, input: { type: 'post-commented', title: 'Kept too', body: 'y' } },
      ]);
      await new Promise((r) => setTimeout(r, 400));
      const stored = await notificationsCollection(testApp.platform.db).find({ userId: agent.user._id }).toArray();
      expect(stored.map((n) => n.type).sort()).toEqual(['lead-assigned', 'post-commented']);
      expect(pushed.sort()).toEqual(['lead-assigned', 'post-commented']);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a malformed choice', async () => {
    const agent = await createUser(testApp);
    const res = await http.put(
      '/api/me/preferences',
      { notifications: { 'post-liked': { inApp: 'no', toast: true } } },
      { token: agent.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Please choose on or off for each notification.' });
    expect((await http.put('/api/me/preferences', {}, { token: agent.accessToken })).status).toBe(400);
  });
});
