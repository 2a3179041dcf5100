import type { Redis } from 'ioredis';
import type { Platform } from '../../platform/context.js';
import type { Logger } from '../../platform/logger.js';
import { refreshCallInsights } from './insights-refresh.js';
import { applyEvent, scheduleNextAutoDial } from './lifecycle.js';
import type { CallCommand } from './machine.js';
import { findLiveNodeCalls, type CallDoc } from './repository.js';

/**
 * Calls whose process died. A SIP call lives in the Janus session of the process that placed it (its
 * `phoneNode`): only that process hears how the call goes. When it dies (SIGKILL, a crash, a lost host):
 * - Janus stops getting its keepalives and destroys its sessions `session_timeout` later, hanging their calls up
 *   (BYE to the carrier, so the lead's phone is free): 15 s in the local carrier and the compose image;
 * - its heartbeat key in Redis (`<prefix>:phone-node:<id>`, written every HEARTBEAT_MS) expires NODE_EXPIRES_MS
 *   after its last beat, and the `calls` worker's orphan sweep (every SWEEP_EVERY_MS, in whichever process runs the
 *   worker) ends its live calls through the dialer's guarded transitions: a ringing call fails ("Call failed to
 *   connect"), an answered one ends as a far-end hangup with its length up to then, an end in progress completes;
 *   then the line is freed (`idle`), so nothing stays live. A node is taken for dead only when its key was missing at
 *   two sweeps CONFIRM_MS apart, so that a Redis restart (which may lose the keys) ends no call of a live node.
 * Worst case from the kill to the finalised record: NODE_EXPIRES_MS + SWEEP_EVERY_MS + CONFIRM_MS + one more sweep
 * period + the line's idle second, about 21 s (docs/telephony.md).
 */

const HEARTBEAT_MS = 3_000;
const NODE_EXPIRES_MS = 10_000;
export const SWEEP_EVERY_MS = 3_000;
const CONFIRM_MS = 4_000;

const nodeKey = (prefix: string, node: string) => `${prefix}:phone-node:${node}`;
const missingKey = (prefix: string, node: string) => `${prefix}:phone-node-missing:${node}`;

/** Keeps this process's calls alive for the sweep; the stop removes the key (a clean stop's calls are ended at once). */
export function startPhoneNodeHeartbeat(redis: Redis, prefix: string, node: string, log: Logger): () => Promise<void> {
  const beat = () =>
    redis
      .set(nodeKey(prefix, node), String(Date.now()), 'PX', NODE_EXPIRES_MS)
      .catch((error: unknown) => log.warn({ err: error }, 'phone node heartbeat not written'));
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await redis.del(nodeKey(prefix, node)).catch(() => undefined);
  };
}

/** True while the process `node` beats (it holds phone sessions and can place their calls). */
export async function phoneNodeAlive(platform: Platform, node: string): Promise<boolean> {
  return (await platform.redis.exists(nodeKey(platform.config.redisPrefix, node))) === 1;
}

/** One sweep: ends the live calls of every process that stopped beating. Returns how many calls it ended or freed. */
export async function sweepOrphanedCalls(platform: Platform): Promise<number> {
  const calls = await findLiveNodeCalls(platform.db);
  const own = platform.phone.sessionNode;
  const nodes = [...new Set(calls.map((call) => call.phoneNode!))].filter((node) => node !== own);
  if (nodes.length === 0) return 0;
  const prefix = platform.config.redisPrefix;
  const beats = await platform.redis.mget(nodes.map((node) => nodeKey(prefix, node)));
  const now = platform.clock.now().getTime();
  const dead = new Set<string>();
  for (const [i, node] of nodes.entries()) {
    if (beats[i] !== null) continue;
    // First seen missing now, or earlier: dead once it stayed missing CONFIRM_MS.
    await platform.redis.set(missingKey(prefix, node), String(now), 'PX', 10 * NODE_EXPIRES_MS, 'NX');
    const since = Number(await platform.redis.get(missingKey(prefix, node)));
    if (now - since >= CONFIRM_MS) dead.add(node);
  }
  let finalised = 0;
  for (const call of calls) {
    if (!dead.has(call.phoneNode!)) continue;
    try {
      if (await finaliseOrphan(platform, call)) finalised++;
    } catch (error) {
      platform.log.warn({ err: error, callId: call._id }, 'orphaned call not ended');
    }
  }
  return finalised;
}

const END_OF: Partial<Record<CallDoc['state'], CallCommand['type']>> = {
  calling: 'failed',
  connected: 'hangup',
  ending: 'end-complete',
};

async function finaliseOrphan(platform: Platform, call: CallDoc): Promise<boolean> {
  let current = call;
  // The room model's SIP dialog died with its process: the lead gets its BYE from this one.
  if (call.sipDialog && (call.state === 'connected' || call.state === 'ending'))
    await platform.phone
      .hangUpOrphan?.(call.sipDialog)
      .catch((error: unknown) =>
        platform.log.warn({ err: error, callId: call._id }, 'BYE for a call of a stopped process not sent'),
      );
  const end = END_OF[call.state];
  if (end) {
    current = await applyEvent(platform, call._id, { type: end } as CallCommand);
    platform.log.warn({ callId: call._id, node: call.phoneNode, was: call.state }, 'call of a stopped process ended');
    if (current.state === 'ended') {
      // The queue goes on from this process: the one that would have scheduled the next contact is gone.
      await scheduleNextAutoDial(platform, current);
      await refreshCallInsights(platform, current);
    }
  }
  if (current.state !== 'ended' || !current.endedAt) return current !== call;
  const wait = current.endedAt.getTime() + platform.phone.timings.idleMs - platform.clock.now().getTime();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  await applyEvent(platform, call._id, { type: 'idle' });
  return true;
}
