import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequestsCollection } from '../../server/features/support/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { SUPPORT_EMAIL: 'help@support.test' } });
  http = client(testApp.url);
});
afterAll(() => testApp?.close());

type Outbox = { emails: Array<{ subject: string; text: string; to: string }> };
const mailsTo = async (to: string, count: number) =>
  eventually(async () => {
    const { body } = await http.get<Outbox>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    return body.emails.length >= count ? body.emails : undefined;
  });

describe('POST /api/support', () => {
  it('stores the request, e-mails the support team through the worker and confirms to the sender', async () => {
    const agent = await createUser(testApp, { name: 'Sam Seller', email: 'sam@test.local' });
    const res = await http.post(
      '/api/support',
      { subject: '  Payout question ', message: 'When is the next payout?\nThanks' },
      { token: agent.accessToken },
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ title: 'Message sent', message: 'Our team will answer you by e-mail.' });

    const stored = await supportRequestsCollection(testApp.platform.db).find({ userId: agent.user._id }).toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Sam Seller',
      email: 'sam@test.local',
      subject: 'Payout question',
      message: 'When is the next payout?\nThanks',
    });

    const [toSupport] = await mailsTo('help@support.test', 1);
    expect(toSupport.subject).toBe('Support request: Payout question');
    expect(toSupport.text).toContain('From Sam Seller <sam@test.local>');
    expect(toSupport.text).toContain('When is the next payout?');
    const [confirmation] = await mailsTo('sam@test.local', 1);
    expect(confirmation.subject).toBe('We received your message: Payout question');
  });

  it('refuses blank or missing fields with the catalogue text and stores nothing', async () => {
    const agent = await createUser(testApp);
    for (const body of [{}, { subject: 'Hi' }, { subject: '   ', message: 'x' }, { subject: 'x', message: '\n \t' }]) {
      const res = await http.post('/api/support', body, { token: agent.accessToken });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Please fill in all fields' });
    }
    // Too long is not missing: the answer names the field and its limit.
    const long = await http.post(
      '/api/support',
      { subject: 'x'.repeat(201), message: 'x' },
      { token: agent.accessToken },
    );
    expect(long.body).toMatchObject({ error: 'Subject can be at most 200 characters.' });
    expect(await supportRequestsCollection(testApp.platform.db).countDocuments({ userId: agent.user._id })).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await http.post('/api/support', { subject: 'a', message: 'b' })).status).toBe(401);
  });

  it('is rate-limited per user', async () => {
    const agent = await createUser(testApp);
    const other = await createUser(testApp);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await http.post('/api/support', { subject: `Try ${i}`, message: 'Hello' }, { token: agent.accessToken }))
          .status,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await http.post(
      '/api/support',
      { subject: 'Again', message: 'Hello' },
      { token: agent.accessToken },
    );
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await supportRequestsCollection(testApp.platform.db).countDocuments({ userId: agent.user._id })).toBe(5);
    // Another user is not affected.
    expect(
      (await http.post('/api/support', { subject: 'Mine', message: 'Hello' }, { token: other.accessToken })).status,
    ).toBe(202);
  });
});
