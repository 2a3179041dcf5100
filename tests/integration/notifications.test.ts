import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type NotificationCountPayload } from '../../shared/events.js';
import type { NotificationItem } from '../../shared/schemas/notifications/list.js';
import { notificationsCollection } from '../../server/features/notifications/repository.js';
import { notify } from '../../server/features/notifications/service.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';

let testApp: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  alice = await createUser(testApp);
  bob = await createUser(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

async function call(path: string, who: CreatedUser | null, init: RequestInit = {}) {
  const headers: Record<string, string> = { ...(init.body ? { 'content-type': 'application/json' } : {}) };
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  const res = await fetch(`${testApp.url}/api${path}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

describe('notifications', () => {
  it('pushes a new notification and the unread count to every tab of its user only', async () => {
    const tab1 = await testApp.socket(alice.accessToken);
    const tab2 = await testApp.socket(alice.accessToken);
    const other = await testApp.socket(bob.accessToken);
    const seenByOther: unknown[] = [];
    other.on(SocketEvents.notificationNew, (p) => seenByOther.push(p));
    const counts = [tab1, tab2].map(
      (s) => new Promise<NotificationCountPayload>((r) => s.once(SocketEvents.notificationCount, r)),
    );
    const item = new Promise<NotificationItem>((r) => tab1.once(SocketEvents.notificationNew, r));

    await notify(testApp.platform, alice.user._id, {
      type: 'lead-assigned',
      title: 'New lead assigned',
      body: 'Jane Doe (Hotel)',
      link: '/lead-management',
    });

    expect((await item).title).toBe('New lead assigned');
    expect((await Promise.all(counts)).map((c) => c.unread)).toEqual([1, 1]);
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByOther).toEqual([]);
  });

  it('never notifies twice for the same key', async () => {
    const input = {
      type: 'payout-completed',
      title: 'Payout completed',
      body: '$12.00',
      key: `payout-${alice.user._id}`,
    } as const;
    await notify(testApp.platform, alice.user._id, input);
    await notify(testApp.platform, alice.user._id, input);
    expect(await notificationsCollection(testApp.platform.db).countDocuments({ key: input.key })).toBe(1);
  });

  it('lists newest first with a cursor and marks one or all as read', async () => {
    const list = await call('/notifications?limit=1', alice);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].title).toBe('Payout completed');
    expect(list.body.unread).toBe(2);
    const next = await call(`/notifications?limit=1&cursor=${list.body.nextCursor}`, alice);
    expect(next.body.items[0].title).toBe('New lead assigned');

    const one = await call('/notifications/read', alice, {
      method: 'POST',
      body: JSON.stringify({ ids: [list.body.items[0].id] }),
    });
    expect(one.body.unread).toBe(1);
    const all = await call('/notifications/read', alice, { method: 'POST', body: JSON.stringify({ all: true }) });
    expect(all.body.unread).toBe(0);
  });

  it('keeps each user to their own notifications', async () => {
    const aliceItems = (await call('/notifications', alice)).body.items as NotificationItem[];
    const res = await call('/notifications/read', bob, {
      method: 'POST',
      body: JSON.stringify({ ids: aliceItems.map((i) => i.id) }),
    });
    expect(res.body.unread).toBe(0);
    expect((await call('/notifications', bob)).body.items).toEqual([]);
    expect(
      await notificationsCollection(testApp.platform.db).countDocuments({ userId: alice.user._id, readAt: null }),
    ).toBe(0);
  });

  it('refuses anonymous callers and bad input with a clear message', async () => {
    expect((await call('/notifications', null)).status).toBe(401);
    const empty = await call('/notifications/read', alice, { method: 'POST', body: JSON.stringify({}) });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Say which notifications to mark as read.');
    const injected = await call('/notifications/read', alice, {
      method: 'POST',
      body: JSON.stringify({ ids: [{ $gt: '' }] }),
    });
    expect(injected.status).toBe(400);
    const badCursor = await call('/notifications?cursor=nope', alice);
    expect(badCursor.status).toBe(400);
  });
});
