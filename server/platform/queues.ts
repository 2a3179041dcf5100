import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { Queues, type QueueName } from '../../shared/queues.js';

export type QueueRegistry = Record<QueueName, Queue>;

/** Retried with exponential back-off; completed jobs kept briefly for the admin queue dashboard. */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

/** Connection errors surface through /readyz and the adds that fail; `onError` logs them once each. */
export function createQueues(connection: Redis, redisPrefix: string, onError: (error: Error) => void = () => {}): QueueRegistry {
  const prefix = bullPrefix(redisPrefix);
  const entries = Object.values(Queues).map((name) => {
    const queue = new Queue(name, { connection, prefix, defaultJobOptions });
    queue.on('error', onError);
    return [name, queue] as const;
  });
  return Object.fromEntries(entries) as QueueRegistry;
}

export async function closeQueues(queues: QueueRegistry): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
