import { Jobs, type Queues } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import type { QueueProcessor } from '../../platform/queues.js';
import { SimulatedPhoneProvider } from './simulator.js';
import { runAutoDial } from './queue-service.js';

/** The `calls` queue: auto-dial and the simulated provider's timed steps. Every step is idempotent. */
export function callsProcessor(platform: Platform): QueueProcessor<typeof Queues.calls> {
  return async (job) => {
    if (job.name === Jobs.calls.autoDial) return runAutoDial(platform, job.data);
    // Only the simulator times its steps through this queue; its events reach the dialer through the platform.
    if (!(platform.phone instanceof SimulatedPhoneProvider)) throw new Error(`${job.name} is a simulator step, but PHONE_PROVIDER is ${platform.config.phoneProvider}`);
    await platform.phone.runStep(job);
    return 'ok';
  };
}
