import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import type {
  PostCommentedPayload,
  PostCreatedPayload,
  PostLikedPayload,
} from '../../shared/schemas/community/events.js';
import type { PostItem } from '../../shared/schemas/community/post.js';
import { likesCollection, postsCollection } from '../../server/features/community/repository.js';
import { notificationsCollection } from '../../server/features/notifications/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { createVerifiedUser } from '../../server/features/auth/accounts.js';
import { hashPassword } from '../../server/features/auth/passwords.js';
import { signAccessToken } from '../../server/platform/auth.js';

type Http = ReturnType<typeof client>;

/** Many verified users through the sign-up's own account service, hashing the password once (crowds for load tests). */
async function crowd(
  testApp: TestApp,
  size: number,
): Promise<Array<{ user: CreatedUser['user']; accessToken: string }>> {
  const passwordHash = await hashPassword('correct-horse-battery');
  return Promise.all(
    Array.from({ length: size }, async (_, i) => {
      const user = await createVerifiedUser(testApp.platform, {
        email: `crowd-${randomBytes(6).toString('hex')}@test.local`,
        name: `Crowd ${i}`,
        passwordHash,
      });
      return { user, accessToken: signAccessToken(testApp.app, user) };
    }),
  );
}

describe('community feed', () => {
  let testApp: TestApp;
  let http: Http;
  let agent: CreatedUser;
  let admin: CreatedUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    [agent, admin] = await Promise.all([
      createUser(testApp, { name: 'Alex Poster' }),
      createUser(testApp, { role: 'admin', name: 'Ada Admin' }),
    ]);
  });
  afterAll(() => testApp?.close());

  const post = (who: CreatedUser, body: unknown) =>
    http.post<{ post: PostItem; message: string; error?: string }>('/api/posts', body, { token: who.accessToken });

  it('validates posts with the catalogue texts and stores wins in cents', async () => {
    expect((await post(agent, { type: 'tip', content: '   ' })).body.error).toBe('Post cannot be empty');
    expect((await post(agent, { type: 'win', content: 'Closed!' })).body.error).toBe(
      'Please enter the deal value for your win',
    );
    expect((await post(agent, { type: 'win', content: 'Closed!', dealValue: 'lots' })).body.error).toBe(
      'Please enter the deal value for your win',
    );
    expect((await post(agent, { type: 'tip', content: 'x'.repeat(2001) })).body.error).toBe(
      'Posts can be at most 2,000 characters.',
    );
    const refused = await post(agent, { type: 'announcement', content: 'I am staff now' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only staff can post announcements.');

    const win = await post(agent, { type: 'win', content: '<b>Whale</b> closed', dealValue: '$12,500.50' });
    expect(win.status).toBe(201);
    expect(win.body.message).toBe('Post shared with the community!');
    expect(win.body.post).toMatchObject({
      type: 'win',
      dealValue: 1_250_050,
      whaleDeal: true,
      staff: false,
      content: '<b>Whale</b> closed',
      likeCount: 0,
    });
    const small = await post(agent, { type: 'win', content: 'Small one', dealValue: 9999.99 });
    expect(small.body.post).toMatchObject({ dealValue: 999_999, whaleDeal: false });
    const announcement = await post(admin, { type: 'announcement', content: 'Welcome, warriors' });
    expect(announcement.body.post).toMatchObject({ staff: true, author: { name: 'Ada Admin', role: 'admin' } });
  });

  it('shares a win from a real closed deal once, with the deal value (the Whale Deal badge is earned)', async () => {
    const owner = await createUser(testApp, { role: 'owner' });
    const closer = await createUser(testApp, { name: 'Real Closer' });
    const campaign = await createTestCampaign(testApp, owner.user);
    await joinTestCampaign(testApp, closer.user, campaign.id);
    const lead = await createAssignedLead(testApp, campaign.id, closer.user);
    const deal = await http.post<{ id: string; value: number }>(
      `/api/leads/${lead._id.toHexString()}/close`,
      { dealValue: 15_000 },
      { token: closer.accessToken },
    );
    expect(deal.status).toBe(201);

    const shared = await post(closer, {
      type: 'win',
      content: 'Closed a big one!',
      dealId: deal.body.id,
      dealValue: 99,
    });
    expect(shared.status).toBe(201);
    expect(shared.body.post).toMatchObject({ dealValue: 1_500_000, whaleDeal: true, verifiedDeal: true });
    const again = await post(closer, { type: 'win', content: 'Again', dealId: deal.body.id });
    expect([again.status, again.body.error]).toEqual([409, 'This deal was already shared with the community.']);
    const stranger = await post(agent, { type: 'win', content: 'Not mine', dealId: deal.body.id });
    expect([stranger.status, stranger.body.error]).toEqual([403, 'You can only share your own closed deals.']);
    expect((await post(closer, { type: 'tip', content: 'tip', dealId: deal.body.id })).status).toBe(403);
    expect((await post(agent, { type: 'win', content: 'Typed', dealValue: 20_000 })).body.post.verifiedDeal).toBe(
      false,
    );
  });

  it('needs a signed-in user', async () => {
    expect((await http.get('/api/posts')).status).toBe(401);
    expect((await http.post('/api/posts', { type: 'tip', content: 'hi' })).status).toBe(401);
  });

  it('filters by tab, sorts on the server and pages with a cursor', async () => {
    const author = await createUser(testApp);
    const likers = await Promise.all([0, 1, 2].map(() => createUser(testApp)));
    const made: PostItem[] = [];
    for (const [type, content] of [
      ['tip', 'tip one'],
      ['question', 'question one'],
      ['tip', 'tip two'],
      ['win', 'win one'],
    ] as const) {
      made.push((await post(author, { type, content, ...(type === 'win' ? { dealValue: 500 } : {}) })).body.post);
    }
    // Likes: "tip one" 3, "question one" 1; comments: "tip two" 2.
    for (const liker of likers)
      await http.post(`/api/posts/${made[0].id}/like`, undefined, { token: liker.accessToken });
    await http.post(`/api/posts/${made[1].id}/like`, undefined, { token: likers[0].accessToken });
    for (const text of ['first', 'second'])
      await http.post(`/api/posts/${made[2].id}/comments`, { content: text }, { token: likers[1].accessToken });

    const tips = await http.get<{ items: PostItem[] }>('/api/posts?type=tips&limit=50', { token: agent.accessToken });
    expect(tips.body.items.every((p) => p.type === 'tip' || p.type === 'question')).toBe(true);
    const wins = await http.get<{ items: PostItem[] }>('/api/posts?type=wins&limit=50', { token: agent.accessToken });
    expect(wins.body.items.every((p) => p.type === 'win')).toBe(true);
    const announcements = await http.get<{ items: PostItem[] }>('/api/posts?type=announcements', {
      token: agent.accessToken,
    });
    expect(announcements.body.items.map((p) => p.content)).toEqual(['Welcome, warriors']);

    const popular = await http.get<{ items: PostItem[] }>('/api/posts?sort=popular&limit=2', {
      token: likers[0].accessToken,
    });
    expect(popular.body.items.map((p) => p.content)).toEqual(['tip one', 'question one']);
    expect(popular.body.items.map((p) => p.likedByMe)).toEqual([true, true]);
    const discussed = await http.get<{ items: PostItem[] }>('/api/posts?sort=discussed&limit=1', {
      token: agent.accessToken,
    });
    expect(discussed.body.items[0]).toMatchObject({ content: 'tip two', commentCount: 2 });

    // Walking every page of each order visits each post exactly once.
    const total = await postsCollection(testApp.platform.db).countDocuments();
    for (const sort of ['newest', 'popular', 'discussed']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: PostItem[]; nextCursor: string | null } } = await http.get(
          `/api/posts?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          {
            token: agent.accessToken,
          },
        );
        seen.push(...page.body.items.map((p) => p.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(total);
      expect(seen.length).toBe(total);
    }
    expect((await http.get('/api/posts?cursor=bogus', { token: agent.accessToken })).status).toBe(400);
  });

  it('toggles a like, one per user, and notifies the author once (never for self-likes)', async () => {
    const author = await createUser(testApp);
    const fan = await createUser(testApp, { name: 'Fan Person' });
    const { body } = await post(author, { type: 'tip', content: 'like me' });
    const like = () =>
      http.post<{ liked: boolean; likeCount: number }>(`/api/posts/${body.post.id}/like`, undefined, {
        token: fan.accessToken,
      });
    // Each answer carries both counts at the post's rev, like `post:liked`.
    const liked: unknown[] = [];
    const socket = await testApp.socket(fan.accessToken);
    socket.on(SocketEvents.postLiked, (event: PostLikedPayload) => {
      if (event.postId === body.post.id)
        liked.push({ likeCount: event.likeCount, commentCount: event.commentCount, rev: event.rev });
    });
    expect((await like()).body).toEqual({ liked: true, likeCount: 1, commentCount: 0, rev: 1 });
    expect((await like()).body).toEqual({ liked: false, likeCount: 0, commentCount: 0, rev: 2 });
    expect((await like()).body).toEqual({ liked: true, likeCount: 1, commentCount: 0, rev: 3 });
    await eventually(async () => (liked.length === 3 ? true : undefined));
    expect(liked).toEqual([
      { likeCount: 1, commentCount: 0, rev: 1 },
      { likeCount: 0, commentCount: 0, rev: 2 },
      { likeCount: 1, commentCount: 0, rev: 3 },
    ]);
    socket.disconnect();
    await http.post(`/api/posts/${body.post.id}/like`, undefined, { token: author.accessToken });
    const notes = await notificationsCollection(testApp.platform.db).find({ userId: author.user._id }).toArray();
    expect(notes.map((n) => [n.type, n.body])).toEqual([['post-liked', 'Fan Person liked your post.']]);
    expect(
      (await http.post(`/api/posts/${new ObjectId().toHexString()}/like`, undefined, { token: fan.accessToken }))
        .status,
    ).toBe(404);
  });

  it('groups the likes of one post into one unread notification per post, replacing it live; reading it starts a new one', async () => {
    const author = await createUser(testApp);
    const fans = await Promise.all(
      ['Ann Fan', 'Ben Fan', 'Cy Fan', 'Di Fan'].map((name) => createUser(testApp, { name })),
    );
    const { body: first } = await post(author, { type: 'tip', content: 'first post' });
    const { body: second } = await post(author, { type: 'tip', content: 'second post' });
    const likeAs = (fan: CreatedUser, postId: string) =>
      http.post(`/api/posts/${postId}/like`, undefined, { token: fan.accessToken });
    const unread = () =>
      notificationsCollection(testApp.platform.db)
        .find({ userId: author.user._id, readAt: null })
        .sort({ _id: -1 })
        .toArray();
    const pushed: Array<{ id: string; body: string; replaces?: string[] }> = [];
    const socket = await testApp.socket(author.accessToken);
    socket.on(SocketEvents.notificationNew, (item) =>
      pushed.push({ id: item.id, body: item.body, replaces: item.replaces }),
    );

    await likeAs(fans[0], first.post.id);
    await likeAs(fans[1], first.post.id);
    await likeAs(fans[0], second.post.id);
    await likeAs(fans[2], first.post.id);
    // Ann takes her like back and gives it again: she was already counted.
    await likeAs(fans[0], first.post.id);
    await likeAs(fans[0], first.post.id);
    expect((await unread()).map((n) => [n.title, n.body])).toEqual([
      ['3 new likes', 'Cy Fan, Ben Fan and 1 other liked your post.'],
      ['New like', 'Ann Fan liked your post.'],
    ]);
    await eventually(async () => (pushed.length === 4 ? true : undefined));
    // Each grouped one names the one it replaces, so every tab drops it.
    expect(pushed[1].replaces).toEqual([pushed[0].id]);
    expect(pushed[3].replaces).toEqual([pushed[1].id]);
    expect(pushed[2].replaces).toBeUndefined();

    // Read, the group closes: the next liker starts a new notification; the earlier likers are not told again.
    await http.post('/api/notifications/read', { all: true }, { token: author.accessToken });
    await likeAs(fans[3], first.post.id);
    await likeAs(fans[1], first.post.id);
    await likeAs(fans[1], first.post.id);
    expect((await unread()).map((n) => n.body)).toEqual(['Di Fan liked your post.']);
    socket.disconnect();
  });

  it('lists and adds comments, counting them and notifying the author', async () => {
    const author = await createUser(testApp);
    const commenter = await createUser(testApp, { name: 'Chatty' });
    const { body } = await post(author, { type: 'question', content: 'Best opener line?' });
    const url = `/api/posts/${body.post.id}/comments`;
    expect((await http.post(url, { content: '  ' }, { token: commenter.accessToken })).body).toMatchObject({
      error: 'Comment cannot be empty',
    });
    const added = await http.post<{ commentCount: number; comment: { content: string } }>(
      url,
      { content: 'Ask about their goals' },
      { token: commenter.accessToken },
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ likeCount: 0, commentCount: 1, rev: 1 });
    const second = await http.post(url, { content: 'Thanks!' }, { token: author.accessToken });
    expect(second.body).toMatchObject({ likeCount: 0, commentCount: 2, rev: 2 });
    const list = await http.get<{ items: Array<{ content: string; author: { name: string } }> }>(url, {
      token: author.accessToken,
    });
    expect(list.body.items.map((c) => [c.author.name, c.content])).toEqual([
      ['Chatty', 'Ask about their goals'],
      ['Test Agent', 'Thanks!'],
    ]);
    const notes = await notificationsCollection(testApp.platform.db).find({ userId: author.user._id }).toArray();
    expect(notes.map((n) => n.type)).toEqual(['post-commented']);
  });

  it('limits posting per user against flooding', async () => {
    const flooder = await createUser(testApp);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post(flooder, { type: 'tip', content: `spam ${i}` }));
    expect(answers.slice(0, 5).every((a) => a.status === 201)).toBe(true);
    expect(answers[5].status).toBe(429);
    expect(answers[5].body.error).toMatch(/^You're posting too fast\. Please wait \d+s and try again\.$/);
  });

  it('keeps likeCount equal to the likes collection under 50 concurrent togglers', async () => {
    const author = await createUser(testApp);
    const { body } = await post(author, { type: 'tip', content: 'hot post' });
    const users = await crowd(testApp, 50);
    const toggle = (u: { accessToken: string }) =>
      http.post(`/api/posts/${body.post.id}/like`, undefined, { token: u.accessToken });
    // Everyone likes at once; then everyone double-clicks at once (both clicks racing); then half click again.
    await Promise.all(users.map(toggle));
    await Promise.all(users.flatMap((u) => [toggle(u), toggle(u)]));
    await Promise.all(users.slice(0, 25).map(toggle));
    const postId = new ObjectId(body.post.id);
    const stored = await postsCollection(testApp.platform.db).findOne({ _id: postId });
    const likes = await likesCollection(testApp.platform.db).countDocuments({ postId });
    expect(stored!.likeCount).toBe(likes);
    expect(likes).toBeGreaterThan(0);
    expect(likes).toBeLessThanOrEqual(50);
  });
});

describe('community feed live', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
  });
  afterAll(() => testApp?.close());

  it('brings 100 clients to identical counts equal to the database after 20 posts and 200 likes', async () => {
    const http = client(testApp.url);
    const [authors, likers] = [await crowd(testApp, 5), await crowd(testApp, 10)];
    const viewers = [...authors, ...likers];

    interface View {
      posts: Map<string, { likeCount: number; commentCount: number; rev: number }>;
      created: number;
    }
    const sockets = await Promise.all(
      Array.from({ length: 100 }, (_, i) => testApp.socket(viewers[i % viewers.length].accessToken)),
    );
    const views: View[] = [];
    for (const socket of sockets) {
      const view: View = { posts: new Map(), created: 0 };
      const apply = (p: { postId: string; likeCount: number; commentCount: number; rev: number }) => {
        const known = view.posts.get(p.postId);
        if (!known || p.rev > known.rev)
          view.posts.set(p.postId, { likeCount: p.likeCount, commentCount: p.commentCount, rev: p.rev });
      };
      socket.on(SocketEvents.postCreated, (p: PostCreatedPayload) => {
        view.created++;
        apply({ postId: p.postId, likeCount: p.post.likeCount, commentCount: p.post.commentCount, rev: p.post.rev });
      });
      socket.on(SocketEvents.postLiked, (p: PostLikedPayload) => apply(p));
      socket.on(SocketEvents.postCommented, (p: PostCommentedPayload) => apply(p));
      views.push(view);
    }

    const posts: PostItem[] = [];
    await Promise.all(
      authors.map(async (author, a) => {
        for (let i = 0; i < 4; i++) {
          const res = await http.post<{ post: PostItem }>(
            '/api/posts',
            { type: 'tip', content: `post ${a}-${i}` },
            { token: author.accessToken },
          );
          posts.push(res.body.post);
        }
      }),
    );
    expect(posts).toHaveLength(20);
    // 10 likers x 20 posts = 200 likes, all at once, plus a few comments for good measure.
    await Promise.all(
      likers.flatMap((liker) =>
        posts.map((p) => http.post(`/api/posts/${p.id}/like`, undefined, { token: liker.accessToken })),
      ),
    );
    await Promise.all(
      posts
        .slice(0, 5)
        .map((p) => http.post(`/api/posts/${p.id}/comments`, { content: 'nice' }, { token: likers[0].accessToken })),
    );

    const stored = await postsCollection(testApp.platform.db).find({}).toArray();
    const truth = new Map(
      stored.map((p) => [p._id.toHexString(), { likeCount: p.likeCount, commentCount: p.commentCount }]),
    );
    for (const p of stored)
      expect(p.likeCount).toBe(await likesCollection(testApp.platform.db).countDocuments({ postId: p._id }));
    expect([...truth.values()].every((t) => t.likeCount === 10)).toBe(true);

    const settled = (view: View) =>
      view.created === 20 &&
      [...truth].every(
        ([id, t]) =>
          view.posts.get(id)?.likeCount === t.likeCount && view.posts.get(id)?.commentCount === t.commentCount,
      );
    await eventually(async () => (views.every(settled) ? true : undefined), 20_000);
    const first = JSON.stringify([...views[0].posts].sort());
    for (const view of views) expect(JSON.stringify([...view.posts].sort())).toBe(first);
  });
});
