import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../../server/features/community/service.js';
import { commentsCollection, likesCollection, postsCollection } from '../../server/features/community/repository.js';
import { freePort } from '../../server/platform/local-redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { eventually } from '../support/http.js';
import { spawnWorkerProcess } from '../support/worker-process.js';

// An API node is SIGKILLed in the middle of a like/unlike/comment burst: requests whose like or comment landed but
// whose count update never ran are in flight by the dozen. After another node starts, every post's likeCount and
// commentCount equal its likes and comments, none is negative, and later toggles keep them so.
const USERS = 8;
const POSTS = 4;
const IN_FLIGHT = 48;
let testApp: TestApp;
let users: CreatedUser[];
let postIds: string[];
const nodes: ChildProcess[] = [];

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  users = await Promise.all(Array.from({ length: USERS }, (_, i) => createUser(testApp, { name: `Burst ${i}` })));
  postIds = [];
  for (let i = 0; i < POSTS; i++)
    postIds.push((await createPost(testApp.platform, users[i].user, { type: 'tip', content: `Burst post ${i}` })).id);
});

afterAll(async () => {
  for (const node of nodes) if (node.exitCode === null && node.signalCode === null) node.kill('SIGKILL');
  await testApp?.close();
});

async function startNode(): Promise<{ node: ChildProcess; url: string }> {
  const port = await freePort();
  // Rate limits scaled up: the burst must reach the count updates, not meet 429s.
  const node = spawnWorkerProcess(
    testApp,
    { PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_FACTOR: '1000', LOAD_SHED_MAX_IN_FLIGHT: '0' },
    'server/api.ts',
  );
  nodes.push(node);
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    if (node.exitCode !== null)
      throw new Error(`the API node exited: ${(node as ChildProcess & { output(): string }).output()}`);
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    return res?.status === 200 ? true : undefined;
  }, 60_000);
  return { node, url };
}

/** One like toggle or comment by a random user on a random post; a refused connection (the node is dead) ends it. */
async function burstStep(url: string, n: number): Promise<void> {
  const user = users[n % USERS];
  const postId = postIds[Math.floor(Math.random() * POSTS)];
  const comment = n % 3 === 0;
  await fetch(`${url}/api/posts/${postId}/${comment ? 'comments' : 'like'}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      ...(comment ? { 'content-type': 'application/json' } : {}),
    },
    body: comment ? JSON.stringify({ content: `burst ${n}` }) : undefined,
  });
}

async function mismatches(): Promise<string[]> {
  const db = testApp.platform.db;
  const problems: string[] = [];
  for (const post of await postsCollection(db).find({}).toArray()) {
    const [likes, comments] = await Promise.all([
      likesCollection(db).countDocuments({ postId: post._id }),
      commentsCollection(db).countDocuments({ postId: post._id }),
    ]);
    if (post.likeCount !== likes || post.commentCount !== comments || post.likeCount < 0 || post.commentCount < 0) {
      problems.push(
        `${post.content}: likeCount ${post.likeCount} (likes ${likes}), commentCount ${post.commentCount} (comments ${comments})`,
      );
    }
  }
  return problems;
}

describe('an API node SIGKILLed mid like/unlike/comment burst', () => {
  it('leaves every post count equal to its documents once a node has started again, never negative', async () => {
    const first = await startNode();
    let sent = 0;
    let stop = false;
    const workers = Array.from({ length: IN_FLIGHT }, async () => {
      while (!stop) await burstStep(first.url, sent++).catch(() => (stop = true));
    });
    await eventually(async () => (sent > 400 ? true : undefined), 60_000);
    first.node.kill('SIGKILL');
    await Promise.all(workers);
    await eventually(async () => (first.node.signalCode === 'SIGKILL' ? true : undefined), 5_000);
    // What the killed node had sent to MongoDB lands meanwhile; then nothing writes until the next node starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await likesCollection(testApp.platform.db).countDocuments({})).toBeGreaterThan(0);

    const second = await startNode();
    expect(await mismatches()).toEqual([]);

    // The restarted node keeps them so through more toggles (an unlike never takes a count below its likes).
    let more = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (more < 200) await burstStep(second.url, more++);
      }),
    );
    expect(await mismatches()).toEqual([]);
  }, 180_000);
});
