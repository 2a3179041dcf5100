import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaitlistMessages } from '../../shared/schemas/waitlist/join.js';
import { joinWaitlist } from '../../server/features/waitlist/service.js';
import { waitlistCollection } from '../../server/features/waitlist/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;

const entry = (n: number | string) => ({
  name: `Warrior ${n}`,
  email: `warrior${n}@test.local`,
  contact: '@warrior',
  campaignInterest: 'Real Estate',
});

beforeAll(async () => {
  testApp = await buildTestApp();
  http = client(testApp.url);
});
afterAll(() => testApp?.close());

describe('POST /api/waitlist', () => {
  it('asks for every field: "Please fill out all fields"', async () => {
    const full = entry('x');
    for (const field of ['name', 'email', 'contact', 'campaignInterest'] as const) {
      const missing = { ...full } as Record<string, string>;
      delete missing[field];
      const res = await http.post('/api/waitlist', missing);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: 'Please fill out all fields', code: 'VALIDATION' });
    }
    const blank = await http.post('/api/waitlist', { ...full, name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: 'Please fill out all fields', title: 'Error', code: 'VALIDATION' });
    const empty = await http.post('/api/waitlist', { ...full, contact: '' });
    expect(empty.body).toMatchObject({ error: 'Please fill out all fields' });
  });

  it('checks the e-mail format and the campaign interest option', async () => {
    const badEmail = await http.post('/api/waitlist', { ...entry('y'), email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ error: 'Please enter a valid email address.', title: 'Error' });
    const badInterest = await http.post('/api/waitlist', { ...entry('y'), campaignInterest: 'Crypto' });
    expect(badInterest.status).toBe(400);
    expect(badInterest.body).toMatchObject({ error: 'Please fill out all fields' });
  });

  it('adds the entry with its position and sends the confirmation e-mail', async () => {
    const res = await http.post('/api/waitlist', entry(1));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ position: 1, earlyAccess: true });
    const stored = await waitlistCollection(testApp.platform.db).findOne({ email: 'warrior1@test.local' });
    expect(stored).toMatchObject({
      name: 'Warrior 1',
      contact: '@warrior',
      campaignInterest: 'Real Estate',
      position: 1,
      earlyAccess: true,
      processed: false,
    });

    const mail = await eventually(async () => {
      const outbox = await http.get<{ emails: Array<{ subject: string; text: string }> }>(
        '/api/dev/outbox?to=warrior1@test.local',
      );
      return outbox.body.emails[0];
    });
    expect(mail.subject).toBe("You're on the Commission Warriors waitlist");
    expect(mail.text).toContain('Your position: #1');
  });

  it('answers a duplicate e-mail with 409 and keeps one entry', async () => {
    const res = await http.post('/api/waitlist', { ...entry(1), email: 'Warrior1@Test.local', name: 'Someone else' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: WaitlistMessages.duplicate, title: 'Submission Failed', code: 'CONFLICT' });
    expect(await waitlistCollection(testApp.platform.db).countDocuments({ email: 'warrior1@test.local' })).toBe(1);
  });

  it('gives distinct positions to simultaneous sign-ups', async () => {
    const results = await Promise.all(
      [2, 3, 4, 5, 6, 7, 8, 9].map((n) => joinWaitlist(testApp.platform, entry(n) as never)),
    );
    expect(results.map((r) => r.position).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('gives early access to the first 50 only, and their accounts inherit it', async () => {
    for (let n = 10; n <= 50; n++) await joinWaitlist(testApp.platform, entry(n) as never);
    const fiftyFirst = await http.post('/api/waitlist', entry(51));
    expect(fiftyFirst.status).toBe(201);
    expect(fiftyFirst.body).toEqual({ position: 51, earlyAccess: false });

    const early = await createUser(testApp, { email: 'warrior50@test.local' });
    const late = await createUser(testApp, { email: 'warrior51@test.local' });
    expect(early.user.earlyAccess).toBe(true);
    expect(early.user.contact).toBe('@warrior');
    expect(late.user.earlyAccess).toBe(false);
  });
});
