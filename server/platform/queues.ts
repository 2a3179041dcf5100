import { Queue, type BulkJobOptions, type Job, type JobsOptions, type QueueOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { Queues, type JobName, type JobPayload, type QueueName } from '../../shared/queues.js';
import { redisUnavailable } from './errors.js';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis.js';

/** Every queue of the catalogue, each typed by its jobs (shared/queues.ts `QueueJobs`). */
export type QueueRegistry = { [Q in QueueName]: JobQueue<Q> };

/** The job a processor of queue `Q` receives: a union discriminated by `name`, so `switch (job.name)` narrows `data`. */
export type QueueJob<Q extends QueueName> = { [N in JobName<Q>]: Job<JobPayload<Q, N>, unknown, N> }[JobName<Q>];

export type QueueProcessor<Q extends QueueName> = (job: QueueJob<Q>) => Promise<unknown>;

/** A processor's `default:` for a job name its queue does not carry (one left by an older or newer release). */
export function unknownJob(queue: QueueName, job: { name: string }): never {
  throw new Error(`unknown ${queue} job ${job.name}`);
}

/** Retried with exponential back-off; completed jobs kept briefly for the admin queue dashboard. */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

const connectedOnce = new WeakSet<Redis>();

/**
 * BullMQ's connection waits for Redis forever (it must, for workers), so an add while Redis is down would hold the
 * request until Redis returns. An add fails with 503 at once when the connection is down, and when Redis does not
 * take it within the command timeout (it went down meanwhile, or hangs).
 */
async function whileConnected<T>(connection: Redis, add: () => Promise<T>): Promise<T> {
  // Until its first connection (start-up: the seed and the workers' first adds) an add waits, as BullMQ does.
  if (!connectedOnce.has(connection)) return add();
  if (connection.status !== 'ready') throw redisUnavailable();
  const pending = add();
  let timer: NodeJS.Timeout | undefined;
  // The refusal waits for one pass of the event loop's I/O after the timer: when the process itself was stalled
  // (a busy CPU), an answer that arrived meanwhile is read first, and is not refused as if Redis had been silent.
  const timedOut = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => setImmediate(() => reject(redisUnavailable())), REDIS_COMMAND_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([pending, timedOut]);
  } catch (error) {
    // It may still land once Redis is back; jobs whose double would matter carry a jobId, so a retry adds none.
    pending.catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

class ConnectedQueue<Q extends QueueName = QueueName> extends Queue {
  /** The catalogue name: it ties the queue to its jobs' payloads. */
  declare readonly name: Q;

  constructor(
    name: Q,
    options: QueueOptions,
    private readonly redis: Redis,
  ) {
    super(name, options);
  }

  refuseWhileDown(): void {
    if (connectedOnce.has(this.redis) && this.redis.status !== 'ready') throw redisUnavailable();
  }

  override add<N extends JobName<Q>>(name: N, data: JobPayload<Q, N>, opts?: JobsOptions) {
    return whileConnected(this.redis, () => super.add(name, data, opts));
  }

  override addBulk(jobs: { name: string; data: unknown; opts?: BulkJobOptions }[]) {
    return whileConnected(this.redis, () => super.addBulk(jobs));
  }
}

export type JobQueue<Q extends QueueName> = ConnectedQueue<Q>;

/**
 * Adds a job: the one way producers enqueue. The queue fixes which job names exist and the name fixes the payload,
 * so a job the queue does not carry, or a payload of the wrong shape, does not compile.
 */
export function enqueue<Q extends QueueName, N extends JobName<Q>>(
  queue: JobQueue<Q>,
  name: N,
  data: JobPayload<Q, N>,
  opts?: JobsOptions,
) {
  return queue.add(name, data, opts);
}

/** Throws the 503 an add would throw now, for a request that should refuse before it does any work. */
export function refuseWhileDown(queue: Queue): void {
  if (queue instanceof ConnectedQueue) queue.refuseWhileDown();
}

/** Connection errors surface through /readyz and the adds that fail; `onError` logs them once each. */
export function createQueues(
  connection: Redis,
  redisPrefix: string,
  onError: (error: Error) => void = () => {},
): QueueRegistry {
  const prefix = bullPrefix(redisPrefix);
  if (connection.status === 'ready') connectedOnce.add(connection);
  else connection.once('ready', () => connectedOnce.add(connection));
  const open = <Q extends QueueName>(name: Q): JobQueue<Q> => {
    const queue = new ConnectedQueue(name, { connection, prefix, defaultJobOptions }, connection);
    queue.on('error', onError);
    return queue;
  };
  return {
    [Queues.email]: open(Queues.email),
    [Queues.calls]: open(Queues.calls),
    [Queues.leads]: open(Queues.leads),
    [Queues.commissions]: open(Queues.commissions),
    [Queues.system]: open(Queues.system),
    [Queues.insights]: open(Queues.insights),
  };
}

export async function closeQueues(queues: QueueRegistry): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
