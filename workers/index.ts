import { Worker, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import { features } from '../server/features/index.js';
import type { AnyQueueWorker } from '../server/features/feature.js';
import type { Platform } from '../server/platform/context.js';
import { bullPrefix, defaultJobOptions } from '../server/platform/queues.js';

export interface RunningWorkers {
  workers: Worker[];
  /** Stop taking jobs, let running ones finish, close connections. */
  close(): Promise<void>;
}

/** The worker list, derived from the features: each declares the processors of the queues it owns. */
function queueWorkers(): AnyQueueWorker[] {
  const declared = features.flatMap((feature) => feature.workers ?? []);
  const queues = declared.map((entry) => entry.queue);
  const twice = queues.find((queue, i) => queues.indexOf(queue) !== i);
  if (twice) throw new Error(`The ${twice} queue has more than one processor among the features`);
  return declared;
}

/** One queue's worker, with the lock and stall rules every queue of the app shares. */
export function startQueueWorker(
  platform: Platform,
  connection: Redis,
  name: string,
  processor: Processor,
  concurrency: number,
): Worker {
  const { jobLockMs } = platform.config;
  // A killed worker's jobs are taken over once their lock lapses; the stalled check runs as often as the lock lasts.
  // BullMQ fails a job for good the second time it stalls (maxStalledCount 1): a job running in two workers that die
  // in turn was lost, e.g. an auto-dial step, and with it the rest of the agent's queue. Jobs are idempotent, so a
  // stalled one is re-run as many times as a failing one is retried.
  const worker = new Worker(name, processor, {
    connection,
    prefix: bullPrefix(platform.config.redisPrefix),
    concurrency,
    autorun: true,
    lockDuration: jobLockMs,
    stalledInterval: jobLockMs,
    maxStalledCount: defaultJobOptions.attempts,
  });
  worker.on('failed', (job, error) => platform.log.warn({ queue: name, jobId: job?.id, err: error }, 'job failed'));
  worker.on('error', (error) => platform.log.error({ queue: name, err: error }, 'worker error'));
  return worker;
}

/**
 * The features' repeatable jobs, (re)declared by every process that runs workers: a scheduler's id is the same
 * everywhere, so a second process changes nothing, and a changed period or pattern replaces the old one.
 */
function upsertSchedules(platform: Platform): void {
  for (const schedule of features.flatMap((feature) => feature.schedules ?? [])) {
    if (schedule.when && !schedule.when(platform)) continue;
    platform.queues[schedule.queue]
      .upsertJobScheduler(schedule.id, schedule.repeat, { name: schedule.job, data: schedule.data })
      .catch((error: unknown) =>
        platform.log.warn({ err: error, schedule: schedule.id }, 'repeatable job not scheduled'),
      );
  }
}

export function startWorkers(platform: Platform, connection: Redis): RunningWorkers {
  // A queue holds only the jobs its producers could enqueue (`enqueue` is typed by the same catalogue), so its
  // worker hands each processor the job type it declares.
  const workers = queueWorkers().map((entry) =>
    startQueueWorker(platform, connection, entry.queue, entry.processor(platform) as Processor, entry.concurrency),
  );
  upsertSchedules(platform);
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
