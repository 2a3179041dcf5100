import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import type { NotificationItem, NotificationList } from '../../shared/schemas/notifications/list.js';
import { notify } from '../../server/features/notifications/service.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';
import { createCampaignWithAgents, leadsCsv, until, uploadCsv, waitForImport } from '../support/leads.js';

describe('notifications page and grouped lead notices', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let reader: CreatedUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    http = client(testApp.url);
    reader = await createUser(testApp, { name: 'Reading Agent' });
  });
  afterAll(() => testApp?.close());

  it('groups a distribution batch into one notification (and one push) per agent', async () => {
    const c = await createCampaignWithAgents(testApp, 2, 'Hotel');
    const pushed = new Map<string, NotificationItem[]>();
    for (const agent of c.agents) {
      const seen: NotificationItem[] = [];
      pushed.set(agent.user._id.toHexString(), seen);
      (await testApp.socket(agent.accessToken)).on(SocketEvents.notificationNew, (item: NotificationItem) =>
        seen.push(item),
      );
    }
    const res = await uploadCsv(testApp, c.owner.accessToken, c.campaignId, leadsCsv(30));
    expect(res.status).toBe(202);
    await waitForImport(testApp, c.owner.accessToken, res.body.importId as string);
    await until(async () => [...pushed.values()].every((seen) => seen.length > 0));
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const agent of c.agents) {
      const list = await http.get<NotificationList>('/api/notifications?type=lead-assigned', {
        token: agent.accessToken,
      });
      expect(list.body.items).toHaveLength(1);
      expect(list.body.items[0]).toMatchObject({
        title: 'New leads assigned',
        body: expect.stringMatching(/^15 new leads in Hotel\b/),
        link: expect.stringMatching(/^\/lead-management\?campaign=/),
        read: false,
      });
      expect(pushed.get(agent.user._id.toHexString())).toHaveLength(1);
    }
  });

  it('pages through all, unread or one kind, and marks read', async () => {
    const kinds = ['post-liked', 'payout-completed', 'post-liked', 'downline-joined', 'post-liked'] as const;
    for (const [index, type] of kinds.entries()) {
      await notify(testApp.platform, reader.user._id, { type, title: `Note ${index}`, body: `Body ${index}` });
    }
    const get = (query: string) =>
      http.get<NotificationList>(`/api/notifications${query}`, { token: reader.accessToken });

    const first = await get('?limit=2');
    expect(first.body.items.map((item) => item.title)).toEqual(['Note 4', 'Note 3']);
    expect(first.body.unread).toBe(5);
    const second = await get(`?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((item) => item.title)).toEqual(['Note 2', 'Note 1']);
    const last = await get(`?limit=2&cursor=${second.body.nextCursor}`);
    expect(last.body.items.map((item) => item.title)).toEqual(['Note 0']);
    expect(last.body.nextCursor).toBeNull();

    const liked = await get('?type=post-liked');
    expect(liked.body.items.map((item) => item.title)).toEqual(['Note 4', 'Note 2', 'Note 0']);

    const read = await http.post<{ unread: number }>(
      '/api/notifications/read',
      { ids: [liked.body.items[0].id, liked.body.items[1].id] },
      { token: reader.accessToken },
    );
    expect(read.body.unread).toBe(3);
    const unread = await get('?status=unread');
    expect(unread.body.items.map((item) => item.title)).toEqual(['Note 3', 'Note 1', 'Note 0']);
    const unreadLiked = await get('?status=unread&type=post-liked&limit=1');
    expect(unreadLiked.body.items.map((item) => item.title)).toEqual(['Note 0']);
    expect(unreadLiked.body.nextCursor).toBeNull();

    await http.post('/api/notifications/read', { all: true }, { token: reader.accessToken });
    expect((await get('?status=unread')).body).toMatchObject({ items: [], unread: 0 });
  });

  it('refuses an unknown kind or status with a clear message, and another user sees none of these', async () => {
    const badType = await http.get<{ error: string }>('/api/notifications?type=nonsense', {
      token: reader.accessToken,
    });
    expect(badType.status).toBe(400);
    expect(badType.body.error).toBe('There is no such kind of notification.');
    const badStatus = await http.get<{ error: string }>('/api/notifications?status=read-ish', {
      token: reader.accessToken,
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error).toBe('Show all notifications or the unread ones.');
    const stranger = await createUser(testApp);
    expect(
      (await http.get<NotificationList>('/api/notifications?type=post-liked', { token: stranger.accessToken })).body
        .items,
    ).toEqual([]);
  });
});
