import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById, usersCollection } from '../../server/features/users/repository.js';
import { joinWaitlist } from '../../server/features/waitlist/service.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client } from '../support/http.js';

describe('POST /api/me/role', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
  });
  afterAll(() => testApp?.close());

  it('assigns sales', async () => {
    const agent = await createUser(testApp);
    const res = await http.post<{ user: { role: string }; notice?: string }>(
      '/api/me/role',
      { role: 'sales' },
      { token: agent.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('sales');
    expect(res.body.notice).toBeUndefined();
  });

  it('records an owner request for the admins and keeps the user sales', async () => {
    const agent = await createUser(testApp);
    const res = await http.post<{
      user: { role: string; roleRequest: { role: string; status: string } };
      notice: string;
    }>('/api/me/role', { role: 'owner' }, { token: agent.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.notice).toBe('Owner role requested');
    expect(res.body.user.role).toBe('sales');
    expect(res.body.user.roleRequest).toMatchObject({ role: 'owner', status: 'pending' });
    const stored = await findUserById(testApp.platform.db, agent.user._id);
    expect(stored).toMatchObject({ role: 'sales', roleRequest: { role: 'owner', status: 'pending' } });
    expect(
      await usersCollection(testApp.platform.db).countDocuments({ 'roleRequest.status': 'pending' }),
    ).toBeGreaterThanOrEqual(1);

    // Asking twice keeps the first request; choosing sales afterwards withdraws it.
    const firstAt = stored!.roleRequest!.at.getTime();
    await http.post('/api/me/role', { role: 'owner' }, { token: agent.accessToken });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.roleRequest!.at.getTime()).toBe(firstAt);
    await http.post('/api/me/role', { role: 'sales' }, { token: agent.accessToken });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.roleRequest).toBeUndefined();
  });

  it('refuses admin with the catalogue text and keeps the user sales', async () => {
    const agent = await createUser(testApp);
    const res = await http.post('/api/me/role', { role: 'admin' }, { token: agent.accessToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      title: 'Admin access denied',
      error: 'Admin roles are restricted. Please contact support if you believe you should have admin access.',
      code: 'FORBIDDEN',
    });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.role).toBe('sales');
  });

  it('never grants owner or admin, whatever is sent', async () => {
    const agent = await createUser(testApp);
    for (const body of [
      { role: 'owner' },
      { role: 'admin' },
      { role: 'superadmin' },
      { role: 'owner', status: 'approved' },
      {},
    ]) {
      await http.post('/api/me/role', body, { token: agent.accessToken });
    }
    const stored = await findUserById(testApp.platform.db, agent.user._id);
    expect(stored!.role).toBe('sales');
    expect(stored!.roleRequest!.status).toBe('pending');
    const invalid = await http.post('/api/me/role', { role: 'superadmin' }, { token: agent.accessToken });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: 'Please choose a role.' });
  });

  it('needs a signed-in user', async () => {
    expect((await http.post('/api/me/role', { role: 'sales' })).status).toBe(401);
  });

  it('leaves a role an admin granted alone', async () => {
    const owner = await createUser(testApp, { role: 'owner' });
    const res = await http.post<{ user: { role: string }; notice?: string }>(
      '/api/me/role',
      { role: 'owner' },
      { token: owner.accessToken },
    );
    expect(res.body.user.role).toBe('owner');
    expect(res.body.notice).toBeUndefined();
  });
});

describe('GET /api/me access in ACCESS_MODE=waitlist', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false, env: { ACCESS_MODE: 'waitlist' } });
    http = client(testApp.url);
  });
  afterAll(() => testApp?.close());

  it('grants early access, admin-granted access and admins; denies the rest', async () => {
    await joinWaitlist(testApp.platform, {
      name: 'Early',
      email: 'early@test.local',
      contact: '+201000',
      campaignInterest: 'Other',
    });
    const early = await createUser(testApp, { email: 'early@test.local' });
    const plain = await createUser(testApp);
    const granted = await createUser(testApp);
    await usersCollection(testApp.platform.db).updateOne({ _id: granted.user._id }, { $set: { accessGranted: true } });
    const admin = await createUser(testApp, { role: 'admin' });

    const access = async (token: string) => (await http.get<{ access: string }>('/api/me', { token })).body.access;
    expect(await access(early.accessToken)).toBe('granted');
    expect(await access(plain.accessToken)).toBe('denied');
    expect(await access(granted.accessToken)).toBe('granted');
    expect(await access(admin.accessToken)).toBe('granted');
  });
});
