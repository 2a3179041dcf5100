import { Jobs, type Queues } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import type { QueueProcessor } from '../../platform/queues.js';
import { SimulatedPhoneProvider } from '../../platform/telephony/simulator.js';
import { runAutoDial } from './queue-service.js';
import { sweepOrphanedCalls } from './orphaned-calls.js';

/**
 * The `calls` queue: auto-dial, the simulated provider's timed steps and, with a provider whose calls live in one
 * process (`sip`), the repeating sweep that ends the calls of a process that died. Every step is idempotent.
 */
export function callsProcessor(platform: Platform): QueueProcessor<typeof Queues.calls> {
  return async (job) => {
    if (job.name === Jobs.calls.autoDial) return runAutoDial(platform, job.data);
    if (job.name === Jobs.calls.orphanSweep) return { ended: await sweepOrphanedCalls(platform) };
    // Only the simulator times its steps through this queue; its events reach the dialer through the platform.
    if (!(platform.phone instanceof SimulatedPhoneProvider))
      throw new Error(`${job.name} is a simulator step, but PHONE_PROVIDER is ${platform.config.phoneProvider}`);
    await platform.phone.runStep(job);
    return 'ok';
  };
}
