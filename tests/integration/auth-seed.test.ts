import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccountsSeedStep } from '../../server/features/auth/seed.js';
import { findUserByEmail, usersCollection } from '../../server/features/users/repository.js';
import { DEMO_ACCOUNTS } from '../../server/seed/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client } from '../support/http.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
});
afterAll(() => testApp?.close());

describe('demo accounts seed step', () => {
  it('creates the demo accounts with their roles and downline, and running it again changes nothing', async () => {
    const step = demoAccountsSeedStep(() => DEMO_ACCOUNTS);
    await step.run(testApp.platform);
    const before = await usersCollection(testApp.platform.db).find({}).sort({ email: 1 }).toArray();
    await step.run(testApp.platform);
    const after = await usersCollection(testApp.platform.db).find({}).sort({ email: 1 }).toArray();
    expect(after).toEqual(before);
    expect(after).toHaveLength(DEMO_ACCOUNTS.length);

    const user = async (email: string) => (await findUserByEmail(testApp.platform.db, email))!;
    expect((await user('admin@demo.test')).role).toBe('admin');
    expect((await user('owner@demo.test')).role).toBe('owner');
    const agent = await user('agent@demo.test');
    const agent2 = await user('agent2@demo.test');
    const agent3 = await user('agent3@demo.test');
    const agent4 = await user('agent4@demo.test');
    expect(agent).toMatchObject({ role: 'sales', emailVerified: true, referralCode: 'AGENT' });
    expect(agent.uplineId).toBeUndefined();
    expect(agent2.uplineId).toEqual(agent._id);
    expect(agent3.uplineId).toEqual(agent2._id);
    expect(agent4.uplineId).toEqual(agent3._id);

    const login = await client(testApp.url).post<{ user: { role: string } }>('/api/auth/login', {
      email: 'admin@demo.test',
      password: testApp.config.demoPassword,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
  });
});
