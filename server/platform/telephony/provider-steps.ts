import type { Logger } from '../logger.js';
import type { CallProgress, ProviderEvent } from './phone-provider.js';

/**
 * What the two real providers (the SIP plugin's and the room's) do alike with their events and the tab's offers:
 * publish an event with a few retries, free the line after an end, and wait for the agent's next offer.
 */

type Publish = (event: ProviderEvent) => Promise<CallProgress | null>;

/** Handlers are retried a few times (a write conflict); the event is logged and dropped after that. */
export async function publishRetrying(
  publish: Publish,
  event: ProviderEvent,
  log?: Logger,
): Promise<CallProgress | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await publish(event);
    } catch (error) {
      if (attempt >= 3) {
        log?.error({ err: error, event: event.type }, 'phone event not applied');
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Publishes how the call ended, then frees the line `idleMs` after the stored end. */
export async function publishEnd(
  publish: Publish,
  event: ProviderEvent & { callId: string },
  idleMs: number,
): Promise<void> {
  const progress = await publish(event);
  if (progress?.state === 'ended' && progress.endedAt) {
    const delay = Math.max(0, progress.endedAt.getTime() + idleMs - Date.now());
    setTimeout(() => void publish({ type: 'idle', callId: event.callId }), delay);
  }
}

/**
 * Auto-dial's wait for the agent's next offer: true at once when `fresh()` says one is held, else when `wake` is
 * called for the agent within `withinMs`, else whatever `fresh()` says then.
 */
export class OfferWaiters {
  private readonly waiters = new Map<string, Set<() => void>>();

  wake(agentId: string): void {
    for (const wake of this.waiters.get(agentId) ?? []) wake();
  }

  async wait(agentId: string, withinMs: number, fresh: () => Promise<boolean> | boolean): Promise<boolean> {
    if (await fresh()) return true;
    return new Promise<boolean>((resolve) => {
      const waiters = this.waiters.get(agentId) ?? new Set<() => void>();
      this.waiters.set(agentId, waiters);
      const done = (ready: boolean) => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.waiters.get(agentId) === waiters) this.waiters.delete(agentId);
        resolve(ready);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => void Promise.resolve(fresh()).then(done), withinMs);
      waiters.add(wake);
    });
  }
}
