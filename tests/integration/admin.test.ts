import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectId } from 'mongodb';
import { SocketEvents } from '../../shared/events.js';
import type { NotificationItem } from '../../shared/schemas/notifications/list.js';
import { findUserById } from '../../server/features/users/repository.js';
import { requestRole } from '../../server/features/users/repository.js';
import { joinWaitlist } from '../../server/features/waitlist/service.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, request } from '../support/http.js';

interface AdminEntry {
  id: string;
  name: string;
  email: string;
  position: number;
  earlyAccess: boolean;
  processed: boolean;
  accessGranted: boolean;
  hasAccount: boolean;
}

describe('admin area', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let admin: CreatedUser;
  let sales: CreatedUser;
  let owner: CreatedUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false, env: { ACCESS_MODE: 'waitlist' } });
    http = client(testApp.url);
    [admin, sales, owner] = await Promise.all([
      createUser(testApp, { role: 'admin' }),
      createUser(testApp),
      createUser(testApp, { role: 'owner' }),
    ]);
    for (const [name, email] of [
      ['Zed Early', 'zed@example.com'],
      ['Mona Later', 'mona@example.com'],
      ['Quinn Query', 'quinn@example.com'],
    ]) {
      await joinWaitlist(testApp.platform, { name, email, contact: '@handle', campaignInterest: 'Real Estate' });
    }
  });
  afterAll(() => testApp?.close());

  const someId = new ObjectId().toHexString();
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/waitlist'],
    ['GET', '/api/admin/waitlist?q=zed&processed=false'],
    ['GET', '/api/admin/waitlist/export.csv'],
    ['PATCH', `/api/admin/waitlist/${someId}`, { processed: true }],
    ['PATCH', '/api/admin/waitlist/not-an-id', { bogus: 1 }],
    ['POST', `/api/admin/waitlist/${someId}/grant`],
    ['GET', '/api/admin/role-requests'],
    ['POST', `/api/admin/role-requests/${someId}`, { decision: 'approve' }],
    ['GET', '/api/admin/queues'],
    ['POST', '/api/admin/queues/email/jobs/1/retry'],
  ];

  it('refuses every admin route to anonymous callers (401) and to sales and owner users (403)', async () => {
    for (const [method, path, body] of routes) {
      expect([method, path, (await request(testApp.url, method, path, body)).status]).toEqual([method, path, 401]);
      for (const who of [sales, owner]) {
        const res = await request(testApp.url, method, path, body, { token: who.accessToken });
        expect([method, path, who.user.role, res.status]).toEqual([method, path, who.user.role, 403]);
      }
    }
    // A bad token is anonymous too.
    expect((await http.get('/api/admin/waitlist', { token: 'nope' })).status).toBe(401);
  });

  it('lists the waitlist by position with search and filters', async () => {
    const all = await http.get<{ items: AdminEntry[]; total: number; nextCursor: number | null }>(
      '/api/admin/waitlist?limit=2',
      { token: admin.accessToken },
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((e) => [e.position, e.name, e.earlyAccess])).toEqual([
      [1, 'Zed Early', true],
      [2, 'Mona Later', true],
    ]);
    const next = await http.get<{ items: AdminEntry[]; nextCursor: number | null }>(
      `/api/admin/waitlist?limit=2&cursor=${all.body.nextCursor}`,
      { token: admin.accessToken },
    );
    expect(next.body.items.map((e) => e.name)).toEqual(['Quinn Query']);
    expect(next.body.nextCursor).toBeNull();
    const search = await http.get<{ items: AdminEntry[]; total: number }>('/api/admin/waitlist?q=QUINN', {
      token: admin.accessToken,
    });
    expect(search.body.items.map((e) => e.email)).toEqual(['quinn@example.com']);
    expect(
      (await http.get<{ total: number }>('/api/admin/waitlist?q=.*', { token: admin.accessToken })).body.total,
    ).toBe(0);
  });

  it('marks entries processed and filters on it', async () => {
    const { body } = await http.get<{ items: AdminEntry[] }>('/api/admin/waitlist?q=mona', {
      token: admin.accessToken,
    });
    const patched = await http.patch<AdminEntry>(
      `/api/admin/waitlist/${body.items[0].id}`,
      { processed: true },
      { token: admin.accessToken },
    );
    expect(patched.body.processed).toBe(true);
    const processed = await http.get<{ items: AdminEntry[] }>('/api/admin/waitlist?processed=true', {
      token: admin.accessToken,
    });
    expect(processed.body.items.map((e) => e.name)).toEqual(['Mona Later']);
    expect(
      (await http.patch(`/api/admin/waitlist/${someId}`, { processed: true }, { token: admin.accessToken })).status,
    ).toBe(404);
  });

  it('grants access to an existing account now and to a later sign-up', async () => {
    const existing = await createUser(testApp, { email: 'quinn@example.com' });
    expect(existing.user.accessGranted).toBe(false);
    const list = await http.get<{ items: AdminEntry[] }>('/api/admin/waitlist', { token: admin.accessToken });
    const quinn = list.body.items.find((e) => e.email === 'quinn@example.com')!;
    expect(quinn.hasAccount).toBe(true);
    const granted = await http.post<{ entry: AdminEntry; accountUpdated: boolean }>(
      `/api/admin/waitlist/${quinn.id}/grant`,
      undefined,
      { token: admin.accessToken },
    );
    expect(granted.body).toMatchObject({ accountUpdated: true, entry: { accessGranted: true, hasAccount: true } });
    expect((await http.get<{ access: string }>('/api/me', { token: existing.accessToken })).body.access).toBe(
      'granted',
    );

    await joinWaitlist(testApp.platform, {
      name: 'Late Larry',
      email: 'larry@example.com',
      contact: '+1 555',
      campaignInterest: 'Other',
    });
    const larry = (await http.get<{ items: AdminEntry[] }>('/api/admin/waitlist?q=larry', { token: admin.accessToken }))
      .body.items[0];
    const pending = await http.post<{ entry: AdminEntry; accountUpdated: boolean }>(
      `/api/admin/waitlist/${larry.id}/grant`,
      undefined,
      { token: admin.accessToken },
    );
    expect(pending.body).toMatchObject({ accountUpdated: false, entry: { accessGranted: true, hasAccount: false } });
    const signedUp = await createUser(testApp, { email: 'larry@example.com' });
    expect(signedUp.user.accessGranted).toBe(true);
    expect((await http.get<{ access: string }>('/api/me', { token: signedUp.accessToken })).body.access).toBe(
      'granted',
    );
  });

  it('exports the waitlist as CSV, safe for spreadsheets', async () => {
    await joinWaitlist(testApp.platform, {
      name: '=HYPERLINK("x")',
      email: 'formula@example.com',
      contact: 'a, "b"',
      campaignInterest: 'Other',
    });
    const res = await fetch(`${testApp.url}/api/admin/waitlist/export.csv`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('position,name,email,contact,campaignInterest,earlyAccess,processed,accessGranted,createdAt');
    expect(lines).toHaveLength(6);
    expect(lines[2]).toMatch(/^2,Mona Later,mona@example.com,'@handle,Real Estate,true,true,false,/);
    expect(lines[5]).toMatch(/^5,"'=HYPERLINK\(""x""\)",formula@example.com,"a, ""b""",Other,true,false,false,/);
  });

  it('approves and rejects role requests, telling the user live', async () => {
    const hopeful = await createUser(testApp, { name: 'Hopeful Owner' });
    await requestRole(testApp.platform.db, hopeful.user._id, 'owner', new Date());
    const socket = await testApp.socket(hopeful.accessToken);
    const told = new Promise<NotificationItem>((resolve) => socket.once(SocketEvents.notificationNew, resolve));

    const pending = await http.get<{ items: Array<{ userId: string; requestedRole: string; status: string }> }>(
      '/api/admin/role-requests',
      { token: admin.accessToken },
    );
    expect(pending.body.items).toContainEqual(
      expect.objectContaining({ userId: hopeful.user._id.toHexString(), requestedRole: 'owner', status: 'pending' }),
    );

    const decided = await http.post<{ request: { status: string; currentRole: string } }>(
      `/api/admin/role-requests/${hopeful.user._id.toHexString()}`,
      { decision: 'approve' },
      { token: admin.accessToken },
    );
    expect(decided.body.request).toMatchObject({ status: 'approved', currentRole: 'owner' });
    expect(await told).toMatchObject({ type: 'role-request-decided', title: 'Role request approved' });
    expect((await findUserById(testApp.platform.db, hopeful.user._id))!.role).toBe('owner');
    // Deciding twice is refused; the same token now acts as an owner.
    expect(
      (
        await http.post(
          `/api/admin/role-requests/${hopeful.user._id.toHexString()}`,
          { decision: 'reject' },
          { token: admin.accessToken },
        )
      ).status,
    ).toBe(409);
    expect((await http.get('/api/admin/waitlist', { token: hopeful.accessToken })).status).toBe(403);

    const other = await createUser(testApp);
    await requestRole(testApp.platform.db, other.user._id, 'owner', new Date());
    const rejected = await http.post<{ request: { status: string; currentRole: string } }>(
      `/api/admin/role-requests/${other.user._id.toHexString()}`,
      { decision: 'reject' },
      { token: admin.accessToken },
    );
    expect(rejected.body.request).toMatchObject({ status: 'rejected', currentRole: 'sales' });
    expect(
      (await http.post(`/api/admin/role-requests/${someId}`, { decision: 'approve' }, { token: admin.accessToken }))
        .status,
    ).toBe(404);
  });

  it('shows counts per queue and state', async () => {
    const res = await http.get<{ queues: Array<{ name: string; counts: Record<string, number> }> }>(
      '/api/admin/queues',
      { token: admin.accessToken },
    );
    expect(res.status).toBe(200);
    const email = res.body.queues.find((q) => q.name === 'email')!;
    // The waitlist sign-ups above queued their confirmation e-mails (no workers run in this file).
    expect(email.counts.waiting).toBeGreaterThanOrEqual(4);
    expect(Object.keys(email.counts)).toEqual(
      expect.arrayContaining(['waiting', 'active', 'delayed', 'completed', 'failed']),
    );
    expect(
      (await http.post('/api/admin/queues/nope/jobs/1/retry', undefined, { token: admin.accessToken })).status,
    ).toBe(404);
    const waiting = (await testApp.platform.queues.email.getWaiting(0, 0))[0];
    const notFailed = await http.post(`/api/admin/queues/email/jobs/${waiting.id}/retry`, undefined, {
      token: admin.accessToken,
    });
    expect([notFailed.status, notFailed.body.error]).toEqual([409, 'Only failed jobs can be retried.']);
  });
});
