import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../server/features/users/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, cookiePair } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
// Mid-step, so "the next 30 s step" is unambiguous.
const start = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 10_000);
const clock = new ManualClock(start);
let agent: CreatedUser;
let secret: string;
let recoveryCodes: string[];

const totpNow = () => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
/** A 6-digit code that is not the current one. */
const notTotpNow = async () => ((await totpNow()) === '000000' ? '111111' : '000000');
const credentials = { email: 'two-factor@test.local', password: 'two-factor-pw' };

async function challenge(): Promise<string> {
  const res = await http.post<{ twoFactorRequired: boolean; challengeToken: string }>('/api/auth/login', credentials);
  expect(res.status).toBe(200);
  expect(res.body.twoFactorRequired).toBe(true);
  expect(cookiePair(res.cookies, 'cw_refresh')).toBeUndefined();
  expect(res.body).not.toHaveProperty('accessToken');
  return res.body.challengeToken;
}

beforeAll(async () => {
  testApp = await buildTestApp({ clock, workers: false });
  http = client(testApp.url);
  agent = await createUser(testApp, credentials);
});
afterAll(() => testApp?.close());

describe('TOTP two-factor authentication', () => {
  it('sets up a secret that is not active until a code proves it', async () => {
    const setup = await http.post<{ otpauthUrl: string; qrDataUrl: string; secret: string }>(
      '/api/me/2fa/setup',
      undefined,
      { token: agent.accessToken },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Commission%20Warriors:two-factor%40test\.local\?/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    secret = setup.body.secret;
    expect((await findUserById(testApp.platform.db, agent.user._id))!.totp).toEqual({ secret, enabled: false });
    // Not active yet: password sign-in still completes at once.
    expect((await http.post('/api/auth/login', credentials)).body).toHaveProperty('accessToken');
  });

  it('refuses a wrong code, then enables with a right one and hands out 10 recovery codes', async () => {
    const wrong = await http.post('/api/me/2fa/enable', { code: await notTotpNow() }, { token: agent.accessToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'Invalid authentication code',
      title: 'Verification failed',
      code: 'VALIDATION',
    });

    const ok = await http.post<{ recoveryCodes: string[] }>(
      '/api/me/2fa/enable',
      { code: await totpNow() },
      { token: agent.accessToken },
    );
    expect(ok.status).toBe(200);
    recoveryCodes = ok.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = (await findUserById(testApp.platform.db, agent.user._id))!.totp!;
    expect(stored.enabled).toBe(true);
    expect(stored.recoveryCodeHashes).toHaveLength(10);
    expect(JSON.stringify(stored.recoveryCodeHashes)).not.toContain(recoveryCodes[0].replace('-', ''));

    const me = await http.get<{ twoFactorEnabled: boolean }>('/api/me', { token: agent.accessToken });
    expect(me.body.twoFactorEnabled).toBe(true);
    expect((await http.post('/api/me/2fa/setup', undefined, { token: agent.accessToken })).status).toBe(409);
  });

  it('asks for the second factor at sign-in and refuses a code replayed within its window', async () => {
    // The code that enabled 2FA was spent in this very time step.
    const replayed = await http.post('/api/auth/login/2fa', {
      challengeToken: await challenge(),
      code: await totpNow(),
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ error: 'This code has already been used. Please wait for the next code.' });

    clock.advance(30_000);
    const token = await challenge();
    const wrong = await http.post('/api/auth/login/2fa', { challengeToken: token, code: await notTotpNow() });
    expect(wrong.body).toMatchObject({ error: 'Invalid authentication code' });
    const code = await totpNow();
    const ok = await http.post<{ accessToken: string; user: { email: string } }>('/api/auth/login/2fa', {
      challengeToken: token,
      code,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('two-factor@test.local');
    expect(cookiePair(ok.cookies, 'cw_refresh')).toBeDefined();

    // The challenge is spent, and the same code on a new challenge is a replay.
    expect((await http.post('/api/auth/login/2fa', { challengeToken: token, code })).status).toBe(401);
    const again = await http.post('/api/auth/login/2fa', { challengeToken: await challenge(), code });
    expect(again.body).toMatchObject({ error: 'This code has already been used. Please wait for the next code.' });
  });

  it('accepts each recovery code once', async () => {
    const ok = await http.post('/api/auth/login/2fa', {
      challengeToken: await challenge(),
      code: recoveryCodes[0].toUpperCase(),
    });
    expect(ok.status).toBe(200);
    const reused = await http.post('/api/auth/login/2fa', {
      challengeToken: await challenge(),
      code: recoveryCodes[0],
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'Invalid authentication code' });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.totp!.recoveryCodeHashes).toHaveLength(9);
  });

  it('ends a challenge after 5 wrong codes, and refuses a made-up challenge', async () => {
    const token = await challenge();
    for (let i = 0; i < 5; i++)
      await http.post('/api/auth/login/2fa', { challengeToken: token, code: `wrong-code-${i}` });
    const sixth = await http.post('/api/auth/login/2fa', { challengeToken: token, code: recoveryCodes[1] });
    expect(sixth.status).toBe(401);
    expect(sixth.body).toEqual({
      error: 'Your sign-in attempt expired. Please sign in again.',
      title: 'Login failed',
      code: 'UNAUTHENTICATED',
    });
    expect((await http.post('/api/auth/login/2fa', { challengeToken: 'made-up', code: '123456' })).status).toBe(401);
  });

  it('turns off only with a valid code', async () => {
    clock.advance(30_000);
    const wrong = await http.post('/api/me/2fa/disable', { code: await notTotpNow() }, { token: agent.accessToken });
    expect(wrong.status).toBe(400);
    const ok = await http.post('/api/me/2fa/disable', { code: await totpNow() }, { token: agent.accessToken });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ twoFactorEnabled: false });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.totp).toBeUndefined();
    expect((await http.post('/api/auth/login', credentials)).body).toHaveProperty('accessToken');
  });
});
