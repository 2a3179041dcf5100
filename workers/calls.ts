import type { Job } from 'bullmq';
import { Jobs, type AutoDialJob, type CallStepJob, type PhoneStepJob } from '../shared/queues.js';
import type { Platform } from '../server/platform/context.js';
import { phoneProvider } from '../server/features/dialer/provider.js';
import '../server/features/dialer/lifecycle.js';
import { runAutoDial } from '../server/features/dialer/queue-service.js';

/** The `calls` queue: the simulated provider's timed steps and auto-dial. Every step is idempotent. */
export function callsProcessor(platform: Platform) {
  return async (job: Job<PhoneStepJob | CallStepJob | AutoDialJob>) => {
    if (job.name === Jobs.calls.autoDial) return runAutoDial(platform, job.data as AutoDialJob);
    await phoneProvider(platform).runStep(job as Job<PhoneStepJob | CallStepJob>);
    return 'ok';
  };
}
