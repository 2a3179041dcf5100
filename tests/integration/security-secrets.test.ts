import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queues } from '../../shared/queues.js';
import { QUEUE_BOARD_PATH } from '../../shared/schemas/admin/queues.js';
import { ManualClock } from '../../server/platform/clock.js';
import { bullPrefix } from '../../server/platform/queues.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

// The codes the auth feature e-mails (verification, its resend, password reset, sign-in code) reach the recipient and
// nothing else: not the queue board an admin reads, not Redis where BullMQ keeps jobs, not the logs.
let testApp: TestApp;
let http: ReturnType<typeof client>;
let admin: CreatedUser;
const clock = new ManualClock(new Date());
const logLines: string[] = [];

beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    env: { TRUST_PROXY: '1' },
    logTo: { write: (line: string) => void logLines.push(line) },
  });
  http = client(testApp.url);
  admin = await createUser(testApp, { role: 'admin' });
});
afterAll(() => testApp?.close());

interface OutboxMail {
  subject: string;
  text: string;
}

async function mailsTo(email: string, subject: RegExp, count: number): Promise<OutboxMail[]> {
  return eventually(async () => {
    const { body } = await http.get<{ emails: OutboxMail[] }>(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = body.emails.filter((m) => subject.test(m.subject));
    return mails.length >= count ? mails : undefined;
  });
}

/** Every value under the app's BullMQ keys, whatever the key's type. */
async function bullRedisDump(): Promise<string> {
  const redis = testApp.platform.redis;
  // The app's connection adds its own key prefix to commands but not to KEYS patterns or answers.
  const keyPrefix = redis.options.keyPrefix ?? '';
  const keys = await redis.keys(`${keyPrefix}${bullPrefix(testApp.config.redisPrefix)}:*`);
  expect(keys.length).toBeGreaterThan(0);
  const parts: string[] = [];
  for (const fullKey of keys) {
    const key = fullKey.slice(keyPrefix.length);
    const type = await redis.type(key);
    const value =
      type === 'hash'
        ? await redis.hgetall(key)
        : type === 'list'
          ? await redis.lrange(key, 0, -1)
          : type === 'zset'
            ? await redis.zrange(key, 0, -1, 'WITHSCORES')
            : type === 'set'
              ? await redis.smembers(key)
              : type === 'stream'
                ? await redis.xrange(key, '-', '+')
                : type === 'string'
                  ? await redis.get(key)
                  : null;
    parts.push(`${fullKey} ${JSON.stringify(value)}`);
  }
  return parts.join('\n');
}

/** What an admin can read on the board: every e-mail job in every state, each job's own page and logs. */
async function boardDump(): Promise<string> {
  const auth = { authorization: `Bearer ${admin.accessToken}` };
  const get = async (path: string) => {
    const res = await fetch(`${testApp.url}${QUEUE_BOARD_PATH}${path}`, { headers: auth });
    const text = await res.text();
    expect([path, res.status]).toEqual([path, 200]);
    return text;
  };
  const parts: string[] = [];
  const jobIds = new Set<string>();
  for (const status of ['latest', 'active', 'waiting', 'prioritized', 'completed', 'failed', 'delayed', 'paused']) {
    const text = await get(`api/queues?activeQueue=${Queues.email}&status=${status}&page=1&jobsPerPage=100`);
    parts.push(text);
    const body = JSON.parse(text) as { queues: Array<{ name: string; jobs: Array<{ id: string }> }> };
    for (const job of body.queues.find((q) => q.name === Queues.email)?.jobs ?? []) jobIds.add(job.id);
  }
  for (const id of jobIds) {
    parts.push(await get(`api/queues/${Queues.email}/${encodeURIComponent(id)}`));
    parts.push(await get(`api/queues/${Queues.email}/${encodeURIComponent(id)}/logs`));
  }
  return parts.join('\n');
}

describe('e-mailed codes stay out of jobs, the board and the logs', () => {
  it('finds no verification, resend, reset or sign-in code anywhere but the mail itself', async () => {
    const codes: Record<string, string> = {};

    // Sign-up, then a resend once the cooldown has passed: two verification codes.
    const email = 'secret-keeper@test.local';
    const registered = await http.post<{ devCode: string }>('/api/auth/register', {
      name: 'Secret Keeper',
      email,
      password: 'Quiet-Harbour-41',
      confirmPassword: 'Quiet-Harbour-41',
      agreeTerms: true,
    });
    expect(registered.status).toBe(202);
    codes.verification = registered.body.devCode;
    clock.advance(61_000);
    const resent = await http.post<{ devCode: string }>('/api/auth/resend', { email });
    expect(resent.status).toBe(202);
    codes.resent = resent.body.devCode;
    await mailsTo(email, /verification code/, 2);
    expect((await http.post('/api/auth/verify', { email, code: codes.resent })).status).toBe(200);

    // Password reset: the code, and the link the user opens with it.
    expect((await http.post('/api/auth/forgot', { email })).status).toBe(202);
    const [reset] = await mailsTo(email, /Reset your/, 1);
    codes.reset = /reset your password: (\S+)/.exec(reset.text)![1];
    const link = new URL(/Or open (\S+)/.exec(reset.text)![1]);
    await (await fetch(`${testApp.url}${link.pathname}${link.search}`)).arrayBuffer();

    // Sign-in code: 10 failures from different addresses guard the account; the right password then e-mails a code.
    const signIn = (address: string, password: string) =>
      http.post('/api/auth/login', { email, password }, { headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 10; i++) expect((await signIn(`203.0.113.${i + 1}`, `wrong-guess-${i}`)).status).toBe(401);
    expect((await signIn('198.51.100.7', 'Quiet-Harbour-41')).body).toMatchObject({ emailCodeRequired: true });
    const [loginMail] = await mailsTo(email, /sign-in code/, 1);
    codes.login = /sign-in code: (\d{6})$/.exec(loginMail.subject)![1];

    for (const [what, code] of Object.entries(codes))
      expect([what, code]).toEqual([what, expect.stringMatching(/^[A-Z0-9]{6,8}$/)]);
    // Every e-mail job has run; what is left of them is what an admin or Redis could show.
    await eventually(async () => {
      const counts = await testApp.platform.queues.email.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((n) => n === 0) ? true : undefined;
    });

    const places = { board: await boardDump(), redis: await bullRedisDump(), logs: logLines.join('') };
    expect(places.logs).toContain('/api/auth/forgot');
    const found = Object.entries(places).flatMap(([place, text]) =>
      Object.entries(codes)
        .filter(([, code]) => text.includes(code))
        .map(([what]) => `${what} code in ${place}`),
    );
    expect(found).toEqual([]);
  });
});
