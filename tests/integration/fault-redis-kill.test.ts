import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_UNAVAILABLE_MESSAGE } from '../../server/platform/redis.js';
import { startLocalRedis, type LocalRedis, type LocalRedisEvent } from '../../server/platform/local-redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { eventually } from '../support/http.js';
import { createCampaignWithAgents, leadsCsv, uploadCsv, waitForImport } from '../support/leads.js';
import { spawnWorkerProcess } from '../support/worker-process.js';

// The redis-server the app started is SIGKILLed: the supervisor brings it back on the same port and AOF by itself,
// requests that need Redis meanwhile answer 503 with one sentence (never 500, never a hang), and nothing that was
// acknowledged is lost. The restart waits 5 s so the outage is long enough to be seen from outside. Jobs run in a
// worker process of their own, as deployed, so the API's answers are not slowed by an import's parsing.
const RESTART_AFTER_MS = 5_000;
let dir: string;
let redis: LocalRedis;
let testApp: TestApp;
let worker: ReturnType<typeof spawnWorkerProcess>;
const events: LocalRedisEvent[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cw-redis-kill-'));
  redis = await startLocalRedis({ dir, restartDelaysMs: [RESTART_AFTER_MS], onEvent: (e) => events.push(e) });
  testApp = await buildTestApp({ redisUrl: redis.url, workers: false });
  worker = spawnWorkerProcess(testApp);
  // A worker that is still starting when Redis dies gives up (start-up does not wait for a lost Redis): the kills
  // below must hit a running worker, as in production.
  await eventually(async () => {
    if (worker.exitCode !== null) throw new Error(`worker process exited: ${worker.output()}`);
    return worker.output().includes('Workers running') ? true : undefined;
  }, 60_000);
});

afterAll(async () => {
  worker?.kill('SIGTERM');
  await testApp?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  what: string;
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

async function call(what: string, method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const began = Date.now();
  const res = await fetch(`${testApp.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return {
    what,
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    ms: Date.now() - began,
  };
}

const readyz = async () => (await fetch(`${testApp.url}/readyz`)).status;

/** Kills the current redis-server; resolves with the time of the kill once the supervisor has started another. */
async function killRedis(): Promise<{ killedAt: number; before: number }> {
  const before = redis.pid!;
  process.kill(before, 'SIGKILL');
  return { killedAt: Date.now(), before };
}

/**
 * A refusal for want of Redis comes within 2 s. Other answers did their work, which on a loaded machine (sign-in
 * hashes a password) may take longer: they only must not hang, as they did while waiting for Redis to come back.
 */
function expectAnswered(answers: Answer[]) {
  for (const a of answers) {
    expect([200, 201, 202, 429, 503], `${a.what} answered ${a.status} ${JSON.stringify(a.body)}`).toContain(a.status);
    if (a.status === 503) {
      expect(a.body).toMatchObject({ error: REDIS_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
      expect(a.ms, `${a.what} refused after ${a.ms} ms`).toBeLessThan(2_000);
    } else {
      expect(a.ms, `${a.what} answered ${a.status} after ${a.ms} ms`).toBeLessThan(5_000);
    }
  }
}

describe('redis-server killed under the app', () => {
  it('while it is down, each request that needs Redis answers 503 with one sentence within 2 s; then it is back by itself within 10 s', async () => {
    const { campaignId, owner, agents } = await createCampaignWithAgents(testApp, 1);
    const agent = agents[0];
    const post = await call('post', 'POST', '/api/posts', agent.accessToken, {
      type: 'tip',
      content: 'Call back within the hour.',
    });
    expect(post.status).toBe(201);
    const postId = (post.body.post as { id: string }).id;
    expect(await readyz()).toBe(200);

    const { killedAt, before } = await killRedis();
    await eventually(async () => ((await readyz()) === 503 ? true : undefined), 2_000);
    // One after another: each is timed alone (sign-in hashes a password, which takes a while on a busy machine).
    const answers: Answer[] = [];
    answers.push(
      await call('comment', 'POST', `/api/posts/${postId}/comments`, agent.accessToken, { content: 'Noted.' }),
    );
    answers.push(
      await call('request leads', 'POST', '/api/leads/request', agent.accessToken, { campaignId, count: 1 }),
    );
    answers.push(await call('ping', 'POST', '/api/system/ping', agent.accessToken));
    const began = Date.now();
    const upload = await uploadCsv(testApp, owner.accessToken, campaignId, leadsCsv(5));
    answers.push({ what: 'import', ...upload, ms: Date.now() - began });
    answers.push(
      await call('sign-in', 'POST', '/api/auth/login', undefined, {
        email: agent.user.email,
        password: agent.password,
      }),
    );
    // All of them while it was down: the supervisor waits before it restarts.
    expect(events.map((e) => e.type)).toEqual(['exited']);
    expectAnswered(answers);
    for (const what of ['comment', 'ping', 'import'])
      expect(answers.find((a) => a.what === what)!.status, what).toBe(503);
    // Nothing half-done: no comment stored, no import left waiting for a job.
    const comments = await call('comments', 'GET', `/api/posts/${postId}/comments`, agent.accessToken);
    expect(comments.status).toBe(200);
    expect(comments.body.items).toEqual([]);
    expect(
      await testApp.platform.db.collection('leadImports').countDocuments({ status: { $in: ['queued', 'running'] } }),
    ).toBe(0);

    // Back: /readyz, and the queues too (their connection reconnects on its own schedule).
    await eventually(async () => ((await readyz()) === 200 ? true : undefined), 10_000);
    await eventually(
      async () =>
        (await call('ping', 'POST', '/api/system/ping', agent.accessToken)).status === 202 ? true : undefined,
      10_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(redis.pid).not.toBe(before);
    expect(events.map((e) => e.type)).toEqual(['exited', 'restarted']);
    console.info(`while Redis was down: ${answers.map((a) => `${a.what} ${a.status} in ${a.ms} ms`).join(', ')}`);
  });

  it('during a stream of writes: no request hangs, back within 10 s, 0 acknowledged comments or jobs lost', async () => {
    const post = await call('post', 'POST', '/api/posts', (await createUser(testApp)).accessToken, {
      type: 'tip',
      content: 'Stream target.',
    });
    const postId = (post.body.post as { id: string }).id;
    const writers: CreatedUser[] = await Promise.all(Array.from({ length: 4 }, () => createUser(testApp)));
    const answers: Answer[] = [];
    const ackedComments: string[] = [];
    const ackedJobs: string[] = [];
    let streaming = true;
    // Each writer alternates a comment and a queued job, one at a time, paced under the comment flood limit.
    const stream = writers.map(async (writer, w) => {
      for (let i = 0; streaming; i++) {
        const content = `w${w}-${i}`;
        const comment = await call('comment', 'POST', `/api/posts/${postId}/comments`, writer.accessToken, { content });
        answers.push(comment);
        if (comment.status === 201) ackedComments.push(content);
        const ping = await call('ping', 'POST', '/api/system/ping', writer.accessToken);
        answers.push(ping);
        if (ping.status === 202) ackedJobs.push(String(ping.body.jobId));
        await new Promise((r) => setTimeout(r, 500));
      }
    });

    await eventually(async () => (ackedComments.length >= 3 * writers.length ? true : undefined), 15_000);
    events.length = 0;
    const { killedAt } = await killRedis();
    await eventually(
      async () => (events.some((e) => e.type === 'restarted') && (await readyz()) === 200 ? true : undefined),
      10_000,
    );
    const recoveredMs = Date.now() - killedAt;
    const ackedBeforeRecovery = ackedJobs.length;
    await eventually(async () => (ackedJobs.length >= ackedBeforeRecovery + writers.length ? true : undefined), 10_000);
    streaming = false;
    await Promise.all(stream);

    expectAnswered(answers);
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expect(recoveredMs).toBeLessThan(10_000);

    const stored = await testApp.platform.db
      .collection('comments')
      .distinct('content', { content: { $regex: '^w\\d+-' } });
    expect(ackedComments.filter((c) => !stored.includes(c))).toEqual([]);
    const queue = testApp.platform.queues.system;
    await eventually(async () => {
      const states = await Promise.all(ackedJobs.map(async (id) => (await queue.getJob(id))?.getState()));
      return states.every((s) => s === 'completed') ? true : undefined;
    }, 40_000);
    console.info(
      `stream: ${answers.length} answers (${answers.filter((a) => a.status === 503).length} x 503), longest ${Math.max(...answers.map((a) => a.ms))} ms; ${ackedComments.length} comments and ${ackedJobs.length} jobs acknowledged, all kept; Redis back after ${recoveredMs} ms`,
    );
  });

  it('during an import: the import finishes by itself with every row imported once', async () => {
    const { campaignId, owner } = await createCampaignWithAgents(testApp, 1);
    const rows = 3_000;
    const upload = await uploadCsv(testApp, owner.accessToken, campaignId, leadsCsv(rows));
    expect(upload.status).toBe(202);
    const importId = String(upload.body.importId);
    const imports = testApp.platform.db.collection('leadImports');
    await eventually(async () => {
      const doc = await imports.findOne({}, { sort: { _id: -1 } });
      return doc && doc.status === 'running' ? true : undefined;
    }, 20_000);

    events.length = 0;
    const { killedAt } = await killRedis();
    const polls: Answer[] = [];
    while (!events.some((e) => e.type === 'restarted') && Date.now() - killedAt < 10_000) {
      polls.push(await call('import status', 'GET', `/api/imports/${importId}`, owner.accessToken));
      await new Promise((r) => setTimeout(r, 200));
    }
    expectAnswered(polls);
    await eventually(async () => ((await readyz()) === 200 ? true : undefined), 10_000);
    expect(Date.now() - killedAt).toBeLessThan(10_000);

    const done = await waitForImport(testApp, owner.accessToken, importId, 60_000);
    expect(done).toMatchObject({ status: 'completed', imported: rows });
    const leads = testApp.platform.db.collection('leads');
    const { ObjectId } = await import('mongodb');
    const fromImport = await leads
      .find({ importId: ObjectId.createFromHexString(importId) }, { projection: { email: 1 } })
      .toArray();
    expect(fromImport).toHaveLength(rows);
    expect(new Set(fromImport.map((l) => l.email)).size).toBe(rows);
  }, 120_000);
});
