import type { Job } from 'bullmq';
import { SocketEvents, type SystemPongPayload } from '../shared/events.js';
import type { SystemPingJob } from '../shared/queues.js';
import type { Platform } from '../server/platform/context.js';

export function systemProcessor(platform: Platform) {
  return async (job: Job<SystemPingJob>) => {
    const payload: SystemPongPayload = { jobId: String(job.id), sentAt: job.data.sentAt, processedAt: platform.clock.now().toISOString() };
    platform.live.toUser(job.data.userId, SocketEvents.systemPong, payload);
    return payload;
  };
}
