import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetsCollection } from '../../server/features/auth/repository.js';
import { findUserById } from '../../server/features/users/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  http = client(testApp.url);
});
afterAll(() => testApp?.close());

/** The newest reset e-mail to this address: its code and link. */
async function resetMail(email: string, after = 0): Promise<{ code: string; link: string }> {
  return eventually(async () => {
    const { body } = await http.get<{ emails: Array<{ subject: string; text: string }> }>(
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const resets = body.emails.filter((m) => m.subject === 'Reset your Commission Warriors password');
    if (resets.length <= after) return undefined;
    const text = resets[0].text;
    return { code: /reset your password: (\S+)/.exec(text)![1], link: /Or open (\S+)/.exec(text)![1] };
  });
}

describe('POST /api/auth/forgot', () => {
  it('answers the same for known and unknown e-mails, and mails a code only to a real account', async () => {
    await createUser(testApp, { email: 'forgetful@test.local' });
    const known = await http.post('/api/auth/forgot', { email: 'Forgetful@test.local' });
    const unknown = await http.post('/api/auth/forgot', { email: 'stranger@test.local' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(Object.keys(known.body)).toEqual(['email']);
    expect(Object.keys(unknown.body)).toEqual(['email']);

    const mail = await resetMail('forgetful@test.local');
    expect(mail.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(mail.link).toBe(`${testApp.config.publicUrl}/login?reset=${mail.code}&email=forgetful%40test.local`);
    const stored = await passwordResetsCollection(testApp.platform.db).findOne({ email: 'forgetful@test.local' });
    expect(stored!.codeHash).not.toContain(mail.code);
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(30 * 60_000);
    expect((await http.get<{ emails: unknown[] }>('/api/dev/outbox?to=stranger@test.local')).body.emails).toHaveLength(
      0,
    );
  });

  it('asks for an e-mail', async () => {
    expect((await http.post('/api/auth/forgot', {})).body).toMatchObject({ error: 'Please enter your email address.' });
    expect((await http.post('/api/auth/forgot', { email: 'nope' })).body).toMatchObject({
      error: 'Please enter a valid email address.',
    });
  });
});

describe('POST /api/auth/reset', () => {
  it('sets the new password once, and ends every session of the account', async () => {
    const agent = await createUser(testApp, { email: 'reset-me@test.local', password: 'old-password' });
    const login = await http.post<{ accessToken: string }>('/api/auth/login', {
      email: 'reset-me@test.local',
      password: 'old-password',
      rememberMe: true,
    });
    const loginCookie = login.cookies.find((c) => c.startsWith('cw_refresh='))!.split(';')[0];

    await http.post('/api/auth/forgot', { email: 'reset-me@test.local' });
    const { code } = await resetMail('reset-me@test.local');

    const short = await http.post('/api/auth/reset', { email: 'reset-me@test.local', code, password: 'short' });
    expect(short.body).toMatchObject({ error: 'Password must be at least 8 characters long.' });
    const wrong = await http.post('/api/auth/reset', {
      email: 'reset-me@test.local',
      code: 'WRONGCOD',
      password: 'new-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'This reset code is invalid or has expired. Please request a new one.',
      title: 'Password reset failed',
      code: 'VALIDATION',
    });

    const ok = await http.post('/api/auth/reset', {
      email: 'reset-me@test.local',
      code: code.toLowerCase(),
      password: 'new-password',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.sessionVersion).toBe(1);

    // Every access token and every refresh token issued before is dead.
    expect((await http.get('/api/me', { token: agent.accessToken })).status).toBe(401);
    expect((await http.get('/api/me', { token: login.body.accessToken })).status).toBe(401);
    expect((await http.post('/api/auth/refresh', undefined, { cookie: agent.cookie })).status).toBe(401);
    expect((await http.post('/api/auth/refresh', undefined, { cookie: loginCookie })).status).toBe(401);

    expect(
      (await http.post('/api/auth/login', { email: 'reset-me@test.local', password: 'old-password' })).status,
    ).toBe(401);
    expect(
      (await http.post('/api/auth/login', { email: 'reset-me@test.local', password: 'new-password' })).status,
    ).toBe(200);

    const reused = await http.post('/api/auth/reset', {
      email: 'reset-me@test.local',
      code,
      password: 'another-password',
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      error: 'This reset code is invalid or has expired. Please request a new one.',
    });
  });

  it('expires a code after 30 minutes, and a newer code replaces an older one', async () => {
    await createUser(testApp, { email: 'late@test.local', password: 'old-password' });
    await http.post('/api/auth/forgot', { email: 'late@test.local' });
    const first = await resetMail('late@test.local');
    clock.advance(1_000);
    await http.post('/api/auth/forgot', { email: 'late@test.local' });
    const second = await resetMail('late@test.local', 1);
    expect(second.code).not.toBe(first.code);
    expect(
      (await http.post('/api/auth/reset', { email: 'late@test.local', code: first.code, password: 'new-password' }))
        .status,
    ).toBe(400);

    clock.advance(30 * 60_000 + 1);
    const expired = await http.post('/api/auth/reset', {
      email: 'late@test.local',
      code: second.code,
      password: 'new-password',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      error: 'This reset code is invalid or has expired. Please request a new one.',
    });
    expect((await http.post('/api/auth/login', { email: 'late@test.local', password: 'old-password' })).status).toBe(
      200,
    );
  });

  it('stops accepting guesses after 5 wrong codes', async () => {
    await createUser(testApp, { email: 'guessed@test.local' });
    await http.post('/api/auth/forgot', { email: 'guessed@test.local' });
    const { code } = await resetMail('guessed@test.local');
    for (let i = 0; i < 5; i++)
      await http.post('/api/auth/reset', {
        email: 'guessed@test.local',
        code: `WRONG${i}AA`,
        password: 'new-password',
      });
    expect(
      (await http.post('/api/auth/reset', { email: 'guessed@test.local', code, password: 'new-password' })).status,
    ).toBe(400);
  });
});
