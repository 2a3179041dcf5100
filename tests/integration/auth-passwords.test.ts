import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetsCollection, verificationsCollection } from '../../server/features/auth/repository.js';
import { findUserById } from '../../server/features/users/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;

const TOO_WEAK = 'This password is too common or too easy to guess. Please choose a stronger one.';
const FROM_EMAIL = 'Your password must not be made from your email address. Please choose another one.';

beforeAll(async () => {
  testApp = await buildTestApp();
  http = client(testApp.url);
});
afterAll(() => testApp?.close());

const signUp = (email: string, password: string) =>
  http.post('/api/auth/register', { name: 'Pat Quinn', email, password, confirmPassword: password, agreeTerms: true });

describe('passwords are refused when common, guessable or made of the e-mail', () => {
  const refused: Array<[string, string, string]> = [
    ['a top common password', 'password', TOO_WEAK],
    ['a digit run', '12345678', TOO_WEAK],
    ['eight spaces', '        ', TOO_WEAK],
    ['a keyboard walk', 'qwertyuiop', TOO_WEAK],
    ['a common password in l33t', 'P@ssw0rd1', TOO_WEAK],
    ['the e-mail itself', 'pat.quinn@acme-sales.com', FROM_EMAIL],
    ['the e-mail without punctuation and with a year', 'PatQuinn2026', FROM_EMAIL],
  ];

  for (const [what, password, message] of refused) {
    it(`sign-up refuses ${what}, and nothing is stored`, async () => {
      const res = await signUp('pat.quinn@acme-sales.com', password);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, title: 'Error', code: 'VALIDATION' });
      expect(
        await verificationsCollection(testApp.platform.db).countDocuments({ email: 'pat.quinn@acme-sales.com' }),
      ).toBe(0);
    });
  }

  it('sign-up takes a password nobody would guess', async () => {
    expect((await signUp('pat.quinn@acme-sales.com', 'mango-tractor-velvet')).status).toBe(202);
  });

  it('a reset refuses a weak password before trying the code, and the code still works afterwards', async () => {
    const agent = await createUser(testApp, { email: 'reset-weak@test.local' });
    expect((await http.post('/api/auth/forgot', { email: agent.user.email })).status).toBe(202);
    const code = await eventually(async () => {
      const { body } = await http.get<{ emails: Array<{ subject: string; text: string }> }>(
        `/api/dev/outbox?to=${encodeURIComponent(agent.user.email)}`,
      );
      const mail = body.emails.find((m) => m.subject === 'Reset your Commission Warriors password');
      return mail ? /reset your password: (\S+)/.exec(mail.text)![1] : undefined;
    });

    for (const [password, message] of [
      ['iloveyou', TOO_WEAK],
      ['reset-weak@test.local', FROM_EMAIL],
    ]) {
      const res = await http.post('/api/auth/reset', { email: agent.user.email, code, password });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION' });
    }
    expect(
      (await passwordResetsCollection(testApp.platform.db).findOne({ userId: agent.user._id }))?.attempts ?? 0,
    ).toBe(0);
    expect(
      (await http.post('/api/auth/reset', { email: agent.user.email, code, password: 'orchid-canyon-47' })).status,
    ).toBe(200);
  });

  it('a password change refuses a weak or e-mail-made password and keeps the old one', async () => {
    const agent = await createUser(testApp, { email: 'dana.change@test.local', name: 'Dana Change' });
    for (const [newPassword, message] of [
      ['12345678', TOO_WEAK],
      ['dana.change', FROM_EMAIL],
      ['sunshine1', TOO_WEAK],
    ]) {
      const res = await http.post(
        '/api/me/password',
        { currentPassword: agent.password, newPassword },
        { token: agent.accessToken },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION' });
    }
    const stored = await findUserById(testApp.platform.db, agent.user._id);
    expect(stored!.passwordHash).toBe(agent.user.passwordHash);
    expect(stored!.sessionVersion).toBe(agent.user.sessionVersion);
  });
});
