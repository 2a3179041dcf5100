// (d) E-mail jobs added (enqueueEmail, as the services do) and processed by a worker process to the outbox, on a
// Redis with AOF `everysec`, against a bare BullMQ worker with a no-op processor on the same Redis in the same run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Jobs, type EmailMessage } from '../../shared/queues.js';
import { enqueueEmail } from '../../server/features/email/enqueue.js';
import { sealEmail } from '../../server/features/email/sealing.js';
import type { Platform } from '../../server/platform/context.js';
import { connectDatabase } from '../../server/platform/db.js';
import { startLocalRedis } from '../../server/platform/local-redis.js';
import { closeQueues, createQueues } from '../../server/platform/queues.js';
import { createRedis } from '../../server/platform/redis.js';
import { BENCH_JWT_SECRET, type PartContext, type PartOutput } from './options.js';
import { startNode, type Deployment } from './processes.js';
import { compared, type Figure } from './results.js';
import { sleep, spread } from './stats.js';

const ADDS_IN_FLIGHT = 50;
const TIMEOUT_MS = 180_000;

interface Shot {
  addedPerSecond: number;
  processedPerSecond: number;
}

async function addAll(count: number, add: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: ADDS_IN_FLIGHT }, async () => {
      while (next < count) await add(next++);
    }),
  );
}

async function until(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('jobs not processed within 3 minutes');
    await sleep(50);
  }
}

export async function jobsPart(ctx: PartContext): Promise<PartOutput> {
  const { options, log } = ctx;
  const backends = await ctx.backends();
  const figures: Figure[] = [];
  const redisDir = mkdtempSync(path.join(tmpdir(), 'cw-bench-aof-'));
  const redis = await startLocalRedis({ dir: redisDir });
  const id = `bench${randomBytes(4).toString('hex')}`;
  const deployment: Deployment = {
    mongoUrl: `${backends.mongo.url}/cw_${id}?directConnection=true`,
    redisUrl: redis.url,
    id,
  };
  const bareDeployment: Deployment = { ...deployment, id: `${id}bare` };
  const worker = await startNode('worker', deployment);
  const bareWorker = await startNode('bare-worker', bareDeployment);
  const connection = createRedis(redis.url, 'bullmq');
  const queues = createQueues(connection, deployment.id);
  const bareQueues = createQueues(connection, bareDeployment.id);
  // enqueueEmail needs only the queues and the server secret of a Platform: the producer side of the API, without an API.
  const producer = { queues, config: { jwtSecret: BENCH_JWT_SECRET } } as unknown as Platform;
  const database = await connectDatabase(deployment.mongoUrl);
  const outbox = database.db.collection('outbox');
  const n = options.jobs;
  try {
    const aof = (await connection.config('GET', 'appendonly')) as string[];
    const fsync = (await connection.config('GET', 'appendfsync')) as string[];
    const measured: Shot[] = [];
    const reference: Shot[] = [];
    for (let r = 0; r < options.runs; r++) {
      for (const side of r % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
        const tag = `r${r}${side}${randomBytes(3).toString('hex')}`;
        const job = (i: number): EmailMessage => ({
          key: `${tag}-${i}`,
          to: `${tag}@bench.test`,
          template: 'verification',
          data: { name: 'Bench Agent', code: String(100_000 + i) },
        });
        const started = Date.now();
        let added = 0;
        if (side === 'app') {
          await addAll(n, (i) => enqueueEmail(producer, job(i)));
          added = Date.now();
          await until(async () => (await outbox.countDocuments({ to: `${tag}@bench.test` })) >= n);
        } else {
          const before = (await bareWorker.call<{ processed: number }>('stats')).processed;
          await addAll(n, (i) =>
            bareQueues.email.add(Jobs.email.send, sealEmail(BENCH_JWT_SECRET, job(i)), { jobId: job(i).key }),
          );
          added = Date.now();
          await until(async () => (await bareWorker.call<{ processed: number }>('stats')).processed - before >= n);
        }
        const shot = {
          addedPerSecond: n / ((added - started) / 1000),
          processedPerSecond: n / ((Date.now() - started) / 1000),
        };
        (side === 'app' ? measured : reference).push(shot);
        log(
          `  run ${r + 1} ${side.padEnd(4)}: ${n} jobs added at ${Math.round(shot.addedPerSecond)}/s, all processed at ${Math.round(shot.processedPerSecond)}/s`,
        );
      }
    }
    const inOutbox = await outbox.countDocuments({});
    figures.push(
      compared(
        {
          name: 'e-mail jobs added and processed to the outbox (end to end)',
          unit: 'jobs/s',
          value: spread(measured.map((s) => s.processedPerSecond)),
          reference: {
            name: 'bare BullMQ, no-op processor',
            value: spread(reference.map((s) => s.processedPerSecond)),
          },
          target: '≥ 1,000 jobs/s',
        },
        { valueAtLeast: 1_000 },
      ),
      compared({
        name: 'e-mail jobs added (enqueueEmail, while the worker runs)',
        unit: 'jobs/s',
        value: spread(measured.map((s) => s.addedPerSecond)),
        reference: { name: 'bare Queue.add', value: spread(reference.map((s) => s.addedPerSecond)) },
      }),
    );
    return {
      title: '(d) E-mail jobs',
      params: { 'jobs per run': n, runs: options.runs, 'adds in flight': ADDS_IN_FLIGHT },
      figures,
      notes: [
        `Redis: redis-server with appendonly ${aof[1]}, appendfsync ${fsync[1]} (startLocalRedis({ dir })). The worker is a process of its own started as \`npm run worker\` starts it (all queues' workers, e-mail concurrency 20, outbox transport); ` +
          "the producer (the suite's process) adds with `enqueueEmail` (job id = idempotency key), 50 adds in flight. End to end = jobs ÷ (first add → last outbox document).",
        `Outbox documents at the end: ${inOutbox} for ${n * options.runs} jobs (exactly one e-mail per job). The SIGKILLed-worker case is tests/integration/fault-worker-kill.test.ts.`,
        'Reference: a bare BullMQ `Worker` (same prefix scheme, concurrency 20) whose processor does nothing, fed by `Queue.add` with the same job options.',
      ],
    };
  } finally {
    await database.close();
    await closeQueues(queues);
    await closeQueues(bareQueues);
    connection.disconnect();
    await Promise.all([worker.stop(), bareWorker.stop()]);
    await redis.stop();
    rmSync(redisDir, { recursive: true, force: true });
  }
}
