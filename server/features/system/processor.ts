import type { SystemPongPayload } from '../../../shared/events.js';
import type { Queues } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import type { QueueProcessor } from '../../platform/queues.js';
import { emitSystemPong } from './events.js';

export function systemProcessor(platform: Platform): QueueProcessor<typeof Queues.system> {
  return async (job) => {
    const payload: SystemPongPayload = {
      jobId: String(job.id),
      sentAt: job.data.sentAt,
      processedAt: platform.clock.now().toISOString(),
    };
    emitSystemPong(platform, job.data.userId, payload);
    return payload;
  };
}
