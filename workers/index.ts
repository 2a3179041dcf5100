import { Worker, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import { Queues, type QueueName } from '../shared/queues.js';
import type { Platform } from '../server/platform/context.js';
import { createMailTransport } from '../server/platform/mail.js';
import { bullPrefix, defaultJobOptions, type QueueProcessor } from '../server/platform/queues.js';
import { callsProcessor } from './calls.js';
import { commissionsProcessor } from './commissions.js';
import { emailProcessor } from './email.js';
import { leadsProcessor } from './leads.js';
import { systemProcessor } from './system.js';

export interface RunningWorkers {
  workers: Worker[];
  /** Stop taking jobs, let running ones finish, close connections. */
  close(): Promise<void>;
}

export type QueueWorkers = { [Q in QueueName]?: { processor: QueueProcessor<Q>; concurrency: number } };

/** One small processor per queue; each calls the same services the API calls. */
export function processorsFor(platform: Platform): QueueWorkers {
  const transport = createMailTransport(platform.db, platform.config.mailUrl, platform.config.mailFrom);
  return {
    [Queues.email]: { processor: emailProcessor(platform, transport), concurrency: 20 },
    [Queues.commissions]: { processor: commissionsProcessor(platform), concurrency: 4 },
    [Queues.system]: { processor: systemProcessor(platform), concurrency: 10 },
    [Queues.leads]: { processor: leadsProcessor(platform), concurrency: 4 },
    [Queues.calls]: { processor: callsProcessor(platform), concurrency: 50 },
  };
}

export function startWorkers(platform: Platform, connection: Redis): RunningWorkers {
  const prefix = bullPrefix(platform.config.redisPrefix);
  const workers = Object.entries(processorsFor(platform)).map(([name, entry]) => {
    const { jobLockMs } = platform.config;
    // A killed worker's jobs are taken over once their lock lapses; the stalled check runs as often as the lock lasts.
    // BullMQ fails a job for good the second time it stalls (maxStalledCount 1): a job running in two workers that die
    // in turn was lost, e.g. an auto-dial step, and with it the rest of the agent's queue. Jobs are idempotent, so a
    // stalled one is re-run as many times as a failing one is retried.
    // A queue holds only the jobs its producers could enqueue (`enqueue` is typed by the same catalogue), so its
    // worker hands each processor the job type it declares.
    const worker = new Worker(name, entry!.processor as Processor, {
      connection,
      prefix,
      concurrency: entry!.concurrency,
      autorun: true,
      lockDuration: jobLockMs,
      stalledInterval: jobLockMs,
      maxStalledCount: defaultJobOptions.attempts,
    });
    worker.on('failed', (job, error) => platform.log.warn({ queue: name, jobId: job?.id, err: error }, 'job failed'));
    worker.on('error', (error) => platform.log.error({ queue: name, err: error }, 'worker error'));
    return worker;
  });
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
