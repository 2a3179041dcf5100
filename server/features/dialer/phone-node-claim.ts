import { ObjectId } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import { emitPhoneOfferWanted } from './events.js';
import { kickAutoDial } from './lifecycle.js';
import { loadDialQueue, movePhoneNode } from './repository.js';

/** How often a step for a dead node looks whether the agent's tab has offered to another one meanwhile. */
const CLAIM_POLL_MS = 250;
/**
 * How long an auto-dial step whose phone node died waits for the agent's tab to re-attach elsewhere before pausing:
 * a restarted or redeployed API takes a few seconds to serve again, and the tab's socket retries every 1-10 s.
 */
const CLAIM_MOVE_WAIT_MS = 20_000;
/**
 * How often the wait asks the agent's tabs for an offer: a tab reconnecting after the restart misses an ask sent
 * before its socket is back, and a tab whose connection was kept in the dead process's room thinks it is still in it.
 */
const OFFER_ASK_EVERY_MS = 2_000;

/**
 * With the room model the agent's media lives where the tab's last offer went: that process holds the agent's room
 * participant, so it becomes the phone's node (`phone.node`, the process that places the agent's calls). After an API
 * restart or a deploy the reconnected tab offers to the new process and the claim moves with it; auto-dial, if it is
 * on, goes on from there (issue 29: the queue kept naming the dead process and auto-dial paused "not connected").
 */
export async function claimPhoneNode(platform: Platform, agentId: string): Promise<void> {
  const node = platform.phone.sessionNode;
  if (!node || !platform.phone.media?.reattaches) return;
  const agent = new ObjectId(agentId);
  const queue = await loadDialQueue(platform.db, agent, platform.clock.now());
  if (queue.phone.status !== 'connected' || queue.phone.node === node) return;
  const moved = await movePhoneNode(platform.db, agent, queue.phone.node, node);
  if (moved) {
    platform.log.info({ agentId, from: queue.phone.node, to: node }, 'phone node moved with the agent tab');
    await kickAutoDial(platform, agent);
  }
}

/**
 * An auto-dial step found the phone's node dead: with a provider whose tabs re-attach, the claim moves to the process
 * the tab offers to next. The node it moved to, or undefined when it did not move within CLAIM_MOVE_WAIT_MS.
 */
export async function waitForPhoneNodeMove(
  platform: Platform,
  agentId: ObjectId,
  dead: string,
): Promise<string | undefined> {
  if (!platform.phone.media?.reattaches) return undefined;
  const deadline = Date.now() + CLAIM_MOVE_WAIT_MS;
  let askedAt = 0;
  while (Date.now() < deadline) {
    const queue = await loadDialQueue(platform.db, agentId, platform.clock.now());
    if (!queue.autoDial || queue.phone.status !== 'connected') return undefined;
    if (queue.phone.node && queue.phone.node !== dead) return queue.phone.node;
    if (Date.now() - askedAt >= OFFER_ASK_EVERY_MS) {
      emitPhoneOfferWanted(platform, agentId.toHexString());
      askedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
  return undefined;
}
