import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { QueueRegistry } from '../queues.js';
import { localCarrierProblem } from './local-carrier.js';
import type { PhoneProvider } from './phone-provider.js';
import { SimulatedPhoneProvider, type SimulatorOptions } from './simulator.js';
import { RoomPhoneProvider } from './room-provider.js';
import { SipPhoneProvider } from './sip-provider.js';

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
  /** Where the SIP provider reports Janus trouble. */
  log?: Logger;
}

/**
 * Builds the phone provider chosen by PHONE_PROVIDER, once per process, when the platform is assembled (API and
 * workers alike). Its events reach the dialer through the subscription the dialer makes when it starts
 * (server/features/dialer/lifecycle.ts `connectPhoneEvents`).
 */
export function createPhoneProvider(
  config: Config,
  queues: QueueRegistry,
  options: PhoneProviderOptions = {},
): PhoneProvider {
  ensurePhoneProviderAvailable(config);
  if (config.phoneProvider === 'sip' && config.sip.callModel === 'room')
    return new RoomPhoneProvider(config.sip, {
      log: options.log,
      cacheDir: path.join(config.dataDir, 'telephony', 'cache'),
    });
  if (config.phoneProvider === 'sip') return new SipPhoneProvider(config.sip, { log: options.log });
  return new SimulatedPhoneProvider(queues.calls, options.simulator);
}

/**
 * Checked first thing at start-up, before any server starts: a provider that cannot run here stops start-up with one
 * sentence and is never replaced by another. `sip` without SIP_PROXY runs the local carrier, which needs Janus and SIPp.
 */
export function ensurePhoneProviderAvailable(config: Config): void {
  if (config.phoneProvider !== 'sip' || config.sip.proxy) return;
  const problem = localCarrierProblem();
  if (problem)
    throw new PhoneProviderUnavailable(`PHONE_PROVIDER=sip without SIP_PROXY runs the local carrier. ${problem}`);
}
