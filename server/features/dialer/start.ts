import type { FeatureProcess, Stop } from '../feature.js';
import type { Platform } from '../../platform/context.js';
import { connectPhoneEvents } from './lifecycle.js';
import { startPhoneNodeHeartbeat } from './orphaned-calls.js';
import { CALL_STEPS_AT_ONCE, phoneNodeProcessor, phoneNodeQueueName } from './phone-node-steps.js';
import { runAutoDial } from './queue-service.js';
import { startInboundCalls } from './inbound-service.js';

/**
 * What the dialer runs in every process while it runs: it applies the phone provider's events (in whichever process
 * the provider reports them, e.g. the simulator's in the `calls` worker), and, with a provider whose calls live in
 * this process (`sip`), keeps this process's calls alive for the orphan sweep and, in an API process, works the
 * auto-dial steps handed to the sessions it holds.
 */
export function startDialer(platform: Platform, thisProcess: FeatureProcess): Stop {
  // Never unsubscribed: the events of calls the provider ends while it closes are still applied.
  connectPhoneEvents(platform);
  // Leads calling in reach the API processes (the SIP stack the carrier sends to, the simulator's dev route).
  const stopInbound = thisProcess.api ? startInboundCalls(platform) : () => undefined;
  const node = platform.phone.sessionNode;
  if (!node) return stopInbound;
  const stopHeartbeat = startPhoneNodeHeartbeat(platform.redis, platform.config.redisPrefix, node, platform.log);
  const stopSteps =
    thisProcess.api && platform.phone.media
      ? thisProcess.workQueue(
          phoneNodeQueueName(node),
          phoneNodeProcessor((job) => runAutoDial(platform, job)),
          CALL_STEPS_AT_ONCE,
        )
      : undefined;
  // The heartbeat stops last, and before the provider closes: another process's sweep then ends this one's calls at once.
  return async () => {
    stopInbound();
    await stopSteps?.();
    await stopHeartbeat();
  };
}
