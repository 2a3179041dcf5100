import { dialerMessages } from '../../../shared/schemas/dialer/messages.js';
import type { Config } from '../../platform/config.js';
import type { Platform } from '../../platform/context.js';
import type { QueueRegistry } from '../../platform/queues.js';
import type { PhoneProvider } from './phone-provider.js';
import { SimulatedPhoneProvider, type SimulatorOptions } from './simulator.js';

/** The provider named by PHONE_PROVIDER cannot run in this build: start-up stops with this sentence. */
export class PhoneProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhoneProviderUnavailable';
  }
}

export interface PhoneProviderOptions {
  /** The simulator's display name or speed factor (tests and benchmarks; production runs the spec's timings). */
  simulator?: SimulatorOptions;
}

/**
 * Builds the phone provider chosen by PHONE_PROVIDER, once per process, when the platform is assembled (API and
 * workers alike). Its events reach the dialer through `connectPhoneEvents` (lifecycle.ts) once the platform exists.
 */
export function createPhoneProvider(config: Config, queues: QueueRegistry, options: PhoneProviderOptions = {}): PhoneProvider {
  ensurePhoneProviderAvailable(config);
  return new SimulatedPhoneProvider(queues.calls, options.simulator);
}

/** Checked first thing at start-up, before any server starts: a provider this version lacks is never replaced by another. */
export function ensurePhoneProviderAvailable(config: Config): void {
  if (config.phoneProvider !== 'simulator') {
    throw new PhoneProviderUnavailable(`PHONE_PROVIDER=${config.phoneProvider} is not available in this version yet; set PHONE_PROVIDER=simulator (the default) or leave it unset.`);
  }
}

/** The spec's dialer texts with this app's provider name. */
export const messagesFor = (platform: Platform) => dialerMessages(platform.phone.displayName);
