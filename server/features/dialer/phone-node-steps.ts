import { Queue, type Processor } from 'bullmq';
import { Jobs, Queues, type AutoDialJob } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { bullPrefix, defaultJobOptions } from '../../platform/queues.js';
import { phoneNodeAlive } from './orphaned-calls.js';

/**
 * A provider whose phone sessions live in one process (`sip`: the agent's Janus session and the tab's offer) places
 * an agent's calls only from the process holding that session (`phone.node` of the agent's dial queue). Auto-dial's
 * steps run wherever the `calls` worker runs, which in the compose shape is a worker process apart from the API: a
 * step for a session another process holds is handed to that process's own queue, which it alone works
 * (`startDialer` in start.ts). The job keeps its key, so a step handed over twice runs once.
 */
export const phoneNodeQueueName = (node: string) => `${Queues.calls}-node-${node}`;

/** Steps of the `calls` queue run at once per process: an auto-dial step mostly waits (the offer, the due time). */
export const CALL_STEPS_AT_ONCE = 50;

/** False when the process holding the session is gone: nothing would ever run the step there. */
export async function handToPhoneNode(platform: Platform, node: string, job: AutoDialJob): Promise<boolean> {
  if (!(await phoneNodeAlive(platform, node))) return false;
  const queue = new Queue(phoneNodeQueueName(node), {
    connection: platform.redis,
    prefix: bullPrefix(platform.config.redisPrefix),
    defaultJobOptions,
  });
  try {
    await queue.add(Jobs.calls.autoDial, job, { jobId: job.key });
  } finally {
    await queue.close();
  }
  return true;
}

/** The processor of this process's own queue: auto-dial steps for the sessions it holds. */
export function phoneNodeProcessor(run: (job: AutoDialJob) => Promise<unknown>): Processor<AutoDialJob> {
  return async (job) => {
    if (job.name !== Jobs.calls.autoDial) throw new Error(`${job.name} is not a step of a phone node's queue`);
    return run(job.data);
  };
}
