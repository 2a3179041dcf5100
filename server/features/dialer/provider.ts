import { dialerMessages } from '../../../shared/schemas/dialer/messages.js';
import type { Config } from '../../platform/config.js';
import type { Platform } from '../../platform/context.js';
import type { ProviderEvent, CallProgress } from './phone-provider.js';
import { SimulatedPhoneProvider, type SimulatorOptions } from './simulator.js';

/**
 * One provider per running app (API or worker), keyed by its config. Its events are handled by the
 * dialer service wherever the step runs (usually a worker).
 */
const providers = new WeakMap<Config, SimulatedPhoneProvider>();
const options = new WeakMap<Config, SimulatorOptions>();
let eventHandler: ((platform: Platform, event: ProviderEvent) => Promise<CallProgress | null>) | undefined;

/** The dialer service registers how provider events are applied (set once at module load). */
export function handleProviderEventsWith(handler: (platform: Platform, event: ProviderEvent) => Promise<CallProgress | null>): void {
  eventHandler = handler;
}

/** Test and benchmark hook: a display name or a speed factor for this app's simulator. Call before the first call. */
export function configureSimulator(platform: Pick<Platform, 'config'>, simulatorOptions: SimulatorOptions): void {
  options.set(platform.config, simulatorOptions);
  providers.delete(platform.config);
}

export function phoneProvider(platform: Platform): SimulatedPhoneProvider {
  let provider = providers.get(platform.config);
  if (!provider) {
    provider = new SimulatedPhoneProvider(platform.queues.calls, options.get(platform.config));
    provider.events.subscribe(async (event) => (eventHandler ? eventHandler(platform, event) : null));
    providers.set(platform.config, provider);
  }
  return provider;
}

/** The spec's dialer texts with this app's provider name. */
export const messagesFor = (platform: Platform) => dialerMessages(phoneProvider(platform).displayName);
