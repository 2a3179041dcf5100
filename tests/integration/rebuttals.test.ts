import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuttalInterestCollection } from '../../server/features/rebuttals/repository.js';
import { DEMO_ACCOUNTS } from '../../server/features/auth/seed.js';
import { rebuttalsSeedStep } from '../../server/features/rebuttals/seed.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

describe('AI rebuttals', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let agent: CreatedUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    http = client(testApp.url);
    agent = await createUser(testApp);
    // The sample entries' votes are the demo agents' (the seed votes through the page's service), seeded twice: once.
    for (const account of DEMO_ACCOUNTS) await createUser(testApp, { email: account.email });
    await rebuttalsSeedStep.run(testApp.platform);
    await rebuttalsSeedStep.run(testApp.platform);
  });
  afterAll(() => testApp?.close());

  it('lists the sample rebuttals from the database, most votes first', async () => {
    const res = await http.get('/api/rebuttals', { token: agent.accessToken });
    expect(res.body.items).toHaveLength(5);
    expect(res.body.items.map((item) => item.votes)).toEqual([4, 3, 2, 2, 1]);
    expect(res.body.items[0]).toMatchObject({ objection: "It's too expensive.", votes: 4, campaign: 'hotel' });
    expect((await http.get('/api/rebuttals')).status).toBe(401);
  });

  it('stores a waitlist address once and confirms it by e-mail once', async () => {
    const first = await http.post(
      '/api/rebuttals/interest',
      { email: ' Early@Example.com ' },
      { token: agent.accessToken },
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      joined: true,
      alreadyJoined: false,
      message: "You're on the AI Rebuttals waitlist! Check your email for confirmation.",
    });
    const again = await Promise.all(
      [0, 1, 2].map(() =>
        http.post('/api/rebuttals/interest', { email: 'early@example.com' }, { token: agent.accessToken }),
      ),
    );
    expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(again[0].body.message).toBe("You're already on the AI Rebuttals waitlist.");
    expect(await rebuttalInterestCollection(testApp.platform.db).countDocuments({ email: 'early@example.com' })).toBe(
      1,
    );

    const mails = await eventually(async () => {
      const found = await testApp.platform.db.collection('outbox').find({ to: 'early@example.com' }).toArray();
      return found.length ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("You're on the AI Rebuttals waitlist");

    const bad = await http.post('/api/rebuttals/interest', { email: 'not-an-address' }, { token: agent.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please enter a valid email address.');
  });
});
