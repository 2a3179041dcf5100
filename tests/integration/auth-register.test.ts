import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../shared/schemas/auth/messages.js';
import { verificationsCollection } from '../../server/features/auth/repository.js';
import { findUserByEmail } from '../../server/features/users/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client, cookiePair, eventually } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
// Starts at the real time: the TTL index compares expiresAt with the server's own clock.
const clock = new ManualClock(new Date());

const form = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'New Warrior',
  email,
  password: 'long-enough-pw',
  confirmPassword: 'long-enough-pw',
  agreeTerms: true,
  ...extra,
});

async function registerOk(email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await http.post<{ email: string; devCode: string }>('/api/auth/register', form(email, extra));
  expect(res.status).toBe(202);
  return res.body.devCode;
}

const wrongCodeFor = (code: string) => String(((Number(code) - 100_000 + 1) % 900_000) + 100_000);

beforeAll(async () => {
  testApp = await buildTestApp({ clock });
  http = client(testApp.url);
});
afterAll(() => testApp?.close());

describe('POST /api/auth/register', () => {
  it('answers the catalogue texts for an incomplete or wrong form', async () => {
    for (const field of ['name', 'email', 'password', 'confirmPassword']) {
      const body = form('incomplete@test.local') as Record<string, unknown>;
      delete body[field];
      const missing = await http.post('/api/auth/register', body);
      expect(missing.status, field).toBe(400);
      expect(missing.body).toMatchObject({ error: 'Please fill in all fields', code: 'VALIDATION' });
    }
    for (const field of ['email', 'confirmPassword']) {
      const empty = await http.post('/api/auth/register', { ...form('incomplete@test.local'), [field]: '' });
      expect(empty.body, field).toMatchObject({ error: 'Please fill in all fields' });
    }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ confirmPassword: 'something-else' }, 'Passwords do not match'],
      [{ agreeTerms: false }, 'You must agree to the terms and conditions'],
      [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long.'],
      [{ email: 'no-at-sign' }, 'Please enter a valid email address.'],
      [{ name: '  ' }, 'Please fill in all fields'],
    ];
    for (const [extra, error] of cases) {
      const res = await http.post('/api/auth/register', form('wrong@test.local', extra));
      expect(res.status, error).toBe(400);
      expect(res.body).toEqual({ error, title: 'Error', code: 'VALIDATION' });
    }
    const noTerms = form('wrong@test.local') as Record<string, unknown>;
    delete noTerms.agreeTerms;
    expect((await http.post('/api/auth/register', noTerms)).body).toMatchObject({
      error: 'You must agree to the terms and conditions',
    });
    expect(await verificationsCollection(testApp.platform.db).countDocuments({})).toBe(0);
  });

  it('keeps the registration pending, hashes code and password, and mails the code', async () => {
    const res = await http.post<{ email: string; devCode: string }>('/api/auth/register', form('Pending@Test.local'));
    expect(res.status).toBe(202);
    expect(res.body.email).toBe('pending@test.local');
    expect(res.body.devCode).toMatch(/^[1-9]\d{5}$/);

    const pending = await verificationsCollection(testApp.platform.db).findOne({ email: 'pending@test.local' });
    expect(pending).toMatchObject({ attempts: 0, name: 'New Warrior' });
    expect(pending!.codeHash).not.toContain(res.body.devCode);
    expect(pending!.passwordHash).toMatch(/^scrypt\$/);
    expect(pending!.expiresAt.getTime() - clock.now().getTime()).toBe(10 * 60 * 1000);
    expect(await findUserByEmail(testApp.platform.db, 'pending@test.local')).toBeNull();

    const mail = await eventually(
      async () =>
        (await http.get<{ emails: Array<{ text: string }> }>('/api/dev/outbox?to=pending@test.local')).body.emails[0],
    );
    expect(mail.text).toContain(`Your verification code is ${res.body.devCode}`);
  });

  it('refuses an e-mail that already has an account, saying nothing more', async () => {
    const existing = await createUser(testApp, { email: 'taken@test.local' });
    const res = await http.post('/api/auth/register', form('TAKEN@test.local'));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'An account with this email already exists.',
      title: 'Registration failed',
      code: 'CONFLICT',
    });
    expect((await findUserByEmail(testApp.platform.db, 'taken@test.local'))!.passwordHash).toBe(
      existing.user.passwordHash,
    );
  });
});

describe('POST /api/auth/verify', () => {
  it('wants a 6-digit code: "Please enter a valid verification code"', async () => {
    for (const code of [undefined, '12345', 'abcdef']) {
      const res = await http.post('/api/auth/verify', {
        email: 'pending@test.local',
        ...(code === undefined ? {} : { code }),
      });
      expect(res.status, String(code)).toBe(400);
      expect(res.body).toMatchObject({ error: 'Please enter a valid verification code', code: 'VALIDATION' });
    }
  });

  it('answers "Verification session expired or invalid" without a pending registration', async () => {
    const res = await http.post('/api/auth/verify', { email: 'nobody@test.local', code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Verification session expired or invalid', title: 'Error', code: 'VALIDATION' });
    const noEmail = await http.post('/api/auth/verify', { code: '123456' });
    expect(noEmail.body).toMatchObject({ error: 'Verification session expired or invalid' });
  });

  it('refuses a wrong code, then creates the account with the right one and signs in', async () => {
    const code = await registerOk('verify-me@test.local');
    const wrong = await http.post('/api/auth/verify', { email: 'verify-me@test.local', code: wrongCodeFor(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'Invalid verification code',
      title: 'Verification failed',
      code: 'VALIDATION',
    });

    const ok = await http.post<{ accessToken: string; user: Record<string, unknown> }>('/api/auth/verify', {
      email: 'Verify-Me@test.local',
      code,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({
      email: 'verify-me@test.local',
      name: 'New Warrior',
      role: 'sales',
      earlyAccess: false,
      twoFactorEnabled: false,
    });
    expect(ok.body.user.plan).toEqual({
      tier: 'trial',
      trialEndsAt: new Date(clock.now().getTime() + 90 * 86_400_000).toISOString(),
    });
    expect(ok.body.user.referralCode).toMatch(/^NEWWA[A-Z2-9]{3}$/);
    expect(ok.body.user).not.toHaveProperty('passwordHash');

    const cookie = ok.cookies.find((c) => c.startsWith('cw_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).not.toMatch(/Max-Age/i);

    const stored = await findUserByEmail(testApp.platform.db, 'verify-me@test.local');
    expect(stored).toMatchObject({ emailVerified: true, sessionVersion: 0, role: 'sales' });
    expect(await verificationsCollection(testApp.platform.db).countDocuments({ email: 'verify-me@test.local' })).toBe(
      0,
    );

    const me = await http.get('/api/me', { token: ok.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'verify-me@test.local', access: 'granted' });

    const again = await http.post('/api/auth/verify', { email: 'verify-me@test.local', code });
    expect(again.body).toMatchObject({ error: 'Verification session expired or invalid' });
  });

  it('refuses the 6th try even with the right code, until a new code is sent', async () => {
    const code = await registerOk('brute@test.local');
    for (let i = 0; i < 5; i++) {
      const res = await http.post('/api/auth/verify', { email: 'brute@test.local', code: wrongCodeFor(code) });
      expect(res.body).toMatchObject({ error: 'Invalid verification code' });
    }
    const sixth = await http.post('/api/auth/verify', { email: 'brute@test.local', code });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      error: 'Too many attempts. Request a new code.',
      title: 'Verification failed',
      code: 'RATE_LIMITED',
    });
    expect(await findUserByEmail(testApp.platform.db, 'brute@test.local')).toBeNull();

    clock.advance(60_000);
    const resent = await http.post<{ devCode: string }>('/api/auth/resend', { email: 'brute@test.local' });
    expect(resent.status).toBe(202);
    expect(resent.body.devCode).not.toBe(code);
    expect((await http.post('/api/auth/verify', { email: 'brute@test.local', code })).body).toMatchObject({
      error: 'Invalid verification code',
    });
    const ok = await http.post('/api/auth/verify', { email: 'brute@test.local', code: resent.body.devCode });
    expect(ok.status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    const code = await registerOk('slow@test.local');
    clock.advance(10 * 60_000 + 1);
    const res = await http.post('/api/auth/verify', { email: 'slow@test.local', code });
    expect(res.body).toMatchObject({ error: 'Verification session expired or invalid' });
    const resend = await http.post('/api/auth/resend', { email: 'slow@test.local' });
    expect(resend.body).toMatchObject({ error: 'Verification session expired or invalid' });
    // Registering again starts over.
    const fresh = await registerOk('slow@test.local');
    expect((await http.post('/api/auth/verify', { email: 'slow@test.local', code: fresh })).status).toBe(200);
  });

  it('sets the upline from the referral code of a /join link', async () => {
    const upline = await createUser(testApp, { name: 'Recruiter' });
    const code = await registerOk('recruit@test.local', { referralCode: upline.user.referralCode.toLowerCase() });
    const ok = await http.post<{ user: { uplineId?: string } }>('/api/auth/verify', {
      email: 'recruit@test.local',
      code,
    });
    expect(ok.body.user.uplineId).toBe(upline.user._id.toHexString());

    const unknown = await registerOk('lonely@test.local', { referralCode: 'NOSUCHCODE' });
    const lonely = await http.post<{ user: { uplineId?: string } }>('/api/auth/verify', {
      email: 'lonely@test.local',
      code: unknown,
    });
    expect(lonely.status).toBe(200);
    expect(lonely.body.user.uplineId).toBeUndefined();
  });
});

describe('POST /api/auth/resend', () => {
  it('enforces the 60 s cooldown on the server and says how long to wait', async () => {
    const first = await registerOk('cooldown@test.local');
    const early = await http.post('/api/auth/resend', { email: 'cooldown@test.local' });
    expect(early.status).toBe(429);
    expect(early.body).toEqual({
      error: AuthMessages.resendCooldown(60),
      title: 'Failed to resend verification code',
      code: 'RATE_LIMITED',
      retryAfter: 60,
    });
    expect(early.body.error).toBe('Please wait 60s before requesting a new code.');
    expect(early.headers.get('retry-after')).toBe('60');

    clock.advance(45_000);
    const later = await http.post('/api/auth/resend', { email: 'cooldown@test.local' });
    expect(later.body).toMatchObject({ error: 'Please wait 15s before requesting a new code.', retryAfter: 15 });
    // Registering again is no way around the cooldown.
    expect((await http.post('/api/auth/register', form('cooldown@test.local'))).status).toBe(429);

    clock.advance(15_000);
    const ok = await http.post<{ email: string; devCode: string }>('/api/auth/resend', {
      email: 'cooldown@test.local',
    });
    expect(ok.status).toBe(202);
    expect(ok.body.email).toBe('cooldown@test.local');
    expect((await http.post('/api/auth/verify', { email: 'cooldown@test.local', code: first })).body).toMatchObject({
      error: 'Invalid verification code',
    });
    expect((await http.post('/api/auth/verify', { email: 'cooldown@test.local', code: ok.body.devCode })).status).toBe(
      200,
    );
  });

  it('answers "Verification session expired or invalid" for an unknown e-mail', async () => {
    const res = await http.post('/api/auth/resend', { email: 'ghost@test.local' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Verification session expired or invalid' });
  });
});

describe('sign-in before verification', () => {
  it('tells the owner of the password to verify first, and anyone else that the credentials are wrong', async () => {
    await registerOk('unverified@test.local');
    const right = await http.post('/api/auth/login', { email: 'unverified@test.local', password: 'long-enough-pw' });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({
      error: 'Please verify your email before signing in.',
      title: 'Login failed',
      code: 'FORBIDDEN',
    });
    const wrong = await http.post('/api/auth/login', { email: 'unverified@test.local', password: 'guess-guess' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid login credentials', title: 'Login failed', code: 'UNAUTHENTICATED' });
    expect(cookiePair(wrong.cookies, 'cw_refresh')).toBeUndefined();
  });
});
