import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostItem } from '../../shared/schemas/community/post.js';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import { commentsCollection, likesCollection, postsCollection } from '../../server/features/community/repository.js';
import { dealsCollection } from '../../server/features/deals/repository.js';
import { recordingsBucket } from '../../server/features/dialer/recording-store.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { findUserByEmail } from '../../server/features/users/repository.js';
import { signAccessToken } from '../../server/platform/auth.js';
import { seedDemoData } from '../../server/seed/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client } from '../support/http.js';

describe('demo posts and calls seed', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let token: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    await seedDemoData(testApp.platform);
    token = signAccessToken(testApp.app, (await findUserByEmail(testApp.platform.db, 'agent@demo.test'))!);
  });
  afterAll(() => testApp?.close());

  it('seeds posts, likes, comments, calls and recordings once, however often it runs', async () => {
    const db = testApp.platform.db;
    const counts = async () => ({
      posts: await postsCollection(db).countDocuments(),
      likes: await likesCollection(db).countDocuments(),
      comments: await commentsCollection(db).countDocuments(),
      calls: await callsCollection(db).countDocuments(),
      recordings: (await recordingsBucket(db).find({}).toArray()).length,
    });
    const first = await counts();
    expect(first).toEqual({ posts: 4, likes: 10, comments: 4, calls: 3, recordings: 1 });
    await seedDemoData(testApp.platform);
    expect(await counts()).toEqual(first);
  });

  it('shows the feed with a verified win carrying the real deal value', async () => {
    const feed = await http.get<{ items: PostItem[] }>('/api/posts?limit=50', { token });
    expect(feed.status).toBe(200);
    expect(new Set(feed.body.items.map((p) => p.type))).toEqual(new Set(['win', 'tip', 'question', 'announcement']));
    const win = feed.body.items.find((p) => p.type === 'win')!;
    const agent = (await findUserByEmail(testApp.platform.db, 'agent@demo.test'))!;
    const deal = (await dealsCollection(testApp.platform.db).findOne({ closerId: agent._id, status: 'closed' }))!;
    expect(win).toMatchObject({
      verifiedDeal: true,
      dealValue: deal.value,
      likeCount: 4,
      commentCount: 1,
      author: { name: 'Alex Warrior' },
    });
    expect(feed.body.items.find((p) => p.type === 'announcement')).toMatchObject({
      staff: true,
      author: { name: 'Ada Admin' },
    });
  });

  it("fills the demo agent's Call History with finished calls, the answered one playable", async () => {
    const history = await http.get<CallHistoryPage>('/api/calls', { token });
    expect(history.status).toBe(200);
    const items = history.body.items;
    expect(items.map((c) => c.status)).toEqual(['missed', 'voicemail', 'answered']);
    expect(items.every((c) => c.state === 'idle' && c.leadId && c.campaignName && c.endedAt)).toBe(true);
    expect(history.body.stats).toMatchObject({ total: 3, answered: 1, missed: 1, voicemail: 1 });
    const answered = items.find((c) => c.status === 'answered')!;
    expect(answered.duration).toBeGreaterThan(60);
    expect(answered.timeline.map((t) => t.state)).toEqual(['calling', 'connected', 'ending', 'ended', 'idle']);
    expect(items.find((c) => c.status === 'missed')!.recordingUrl).toBeUndefined();
    const audio = await fetch(`${testApp.url}${answered.recordingUrl!}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(
      Buffer.from(await audio.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
    expect(await callsCollection(testApp.platform.db).countDocuments({ live: true })).toBe(0);
  });
});
