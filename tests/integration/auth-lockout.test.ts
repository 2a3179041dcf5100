import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/features/auth/codes.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

// One trusted proxy hop, so each request can come from the address its X-Forwarded-For names.
let testApp: TestApp;
let http: ReturnType<typeof client>;
let victim: CreatedUser;

const CODE_REQUIRED = {
  emailCodeRequired: true,
  message:
    'There have been too many failed sign-ins to this account. If your password is correct, we have e-mailed you a sign-in code: enter it to continue.',
};
const CODE_INVALID =
  'The password or the sign-in code is incorrect, or the code has expired. You can ask for a new code.';

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const signIn = (address: string, password: string, emailCode?: string) =>
  http.post(
    '/api/auth/login',
    { email: victim.user.email, password, ...(emailCode === undefined ? {} : { emailCode }) },
    from(address),
  );

async function signInCodes(): Promise<string[]> {
  const { body } = await http.get<{ emails: Array<{ subject: string }> }>(
    `/api/dev/outbox?to=${encodeURIComponent(victim.user.email)}`,
  );
  return body.emails
    .map((m) => /sign-in code: (\d{6})$/.exec(m.subject)?.[1])
    .filter((code): code is string => Boolean(code));
}

beforeAll(async () => {
  testApp = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  http = client(testApp.url);
  victim = await createUser(testApp, { email: 'victim@test.local' });
});
afterAll(() => testApp?.close());

describe('wrong passwords cannot lock the owner out', () => {
  it('guesses from many addresses turn the account to password + e-mailed code; the owner gets in with both, never a 429', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(`203.0.113.${i + 1}`, `wrong-guess-${i}`)).status).toBe(401);
    // From here every attempt without a code gets the same answer, whether the password is right or not.
    const guess = await signIn('203.0.113.50', 'wrong-guess-x');
    expect(guess.status).toBe(200);
    expect(guess.body).toEqual(CODE_REQUIRED);
    expect(await signInCodes()).toEqual([]);

    const owner = await signIn('198.51.100.7', victim.password);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual(CODE_REQUIRED);
    const [code] = await eventually(async () => ((await signInCodes()).length ? signInCodes() : undefined));
    const stored = await testApp.platform.redis.ttl(
      `${testApp.config.redisPrefix}:auth:login-code:${sha256(victim.user.email)}`,
    );
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(600);

    // The code alone, or with a wrong password, is not enough.
    const withWrongPassword = await signIn('203.0.113.51', 'wrong-guess-y', code);
    expect(withWrongPassword.status).toBe(401);
    expect(withWrongPassword.body).toMatchObject({ error: CODE_INVALID, code: 'UNAUTHENTICATED' });
    const wrongCode = await signIn('198.51.100.7', victim.password, code === '123456' ? '654321' : '123456');
    expect(wrongCode.body).toMatchObject({ error: CODE_INVALID });

    const signedIn = await signIn('198.51.100.7', victim.password, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { email: victim.user.email } });
    expect('accessToken' in signedIn.body && signedIn.body.accessToken).toBeTypeOf('string');

    // One use.
    const again = await signIn('198.51.100.7', victim.password, code);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: CODE_INVALID });
  });

  it('limits one address per e-mail (429) without touching the owner at another address', async () => {
    const other = await createUser(testApp, { email: 'pair@test.local' });
    const attempt = (address: string, password: string) =>
      http.post('/api/auth/login', { email: other.user.email, password }, from(address));
    for (let i = 0; i < 10; i++) expect((await attempt('192.0.2.9', `wrong-guess-${i}`)).status).toBe(401);
    const blocked = await attempt('192.0.2.9', other.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
    // The owner elsewhere is asked for the code, not refused.
    const owner = await attempt('192.0.2.200', other.password);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual(CODE_REQUIRED);
  });

  it('refuses a sign-in code that is not 6 digits with a clear message', async () => {
    const res = await http.post(
      '/api/auth/login',
      { email: 'someone@test.local', password: 'whatever-it-is', emailCode: 'abc' },
      from('192.0.2.77'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Please enter the 6-digit sign-in code from the e-mail.',
      code: 'VALIDATION',
    });
  });
});
