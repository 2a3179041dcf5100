import { ObjectId } from 'mongodb';
import type { AutoDialJob } from '../../../shared/queues.js';
import type { AutoDialAnswer } from '../../../shared/schemas/dialer/state.js';
import type { DncAdded, DncBody, DncList } from '../../../shared/schemas/dialer/dnc.js';
import type { QueueBody, QueueView } from '../../../shared/schemas/dialer/queue.js';
import { DialerRuleMessages, normalizePhone } from '../../../shared/schemas/dialer/messages.js';
import { ErrorReasons } from '../../../shared/errors.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { findCampaignById } from '../campaigns/public.js';
import { findLeadById } from '../leads/public.js';
import { findUserById, type UserDoc } from '../users/public.js';
import { callOwnedBy, dialRefusal, placeCall, resolveTarget } from './calls-service.js';
import { freeLineWhenDue, kickAutoDial } from './lifecycle.js';
import { emitPhoneOfferWanted, emitQueueUpdated } from './events.js';
import { handToPhoneNode } from './phone-node-steps.js';
import { waitForPhoneNodeMove } from './phone-node-claim.js';
import { checkQueue } from './machine.js';
import { mediaPlanOf } from './recording-consent.js';
import { toDncEntry, toQueueView } from './present.js';
import { messagesFor } from './provider.js';
import {
  atQueueVersion,
  findCallByDialKey,
  findLatestQueueCall,
  findLiveCall,
  insertDnc,
  listDnc,
  loadDialQueue,
  pullQueueContact,
  setContactSkipReasons,
  updateDialQueue,
  type DialQueueDoc,
} from './repository.js';

export const MAX_QUEUE = 500;

export async function queueOf(platform: Platform, agentId: ObjectId): Promise<QueueView> {
  return toQueueView(await loadDialQueue(platform.db, agentId, platform.clock.now()));
}

function publish(platform: Platform, doc: DialQueueDoc | null): QueueView | null {
  if (!doc) return null;
  const view = toQueueView(doc);
  emitQueueUpdated(platform, doc.agentId.toHexString(), view);
  return view;
}

/** `PUT /api/dialer/queue`: the whole queue in its new order; no contact twice; only the agent's own leads. */
export async function replaceQueue(platform: Platform, agent: UserDoc, body: QueueBody): Promise<QueueView> {
  if (body.contacts.length > MAX_QUEUE) throw badRequest(DialerRuleMessages.queueFull(MAX_QUEUE));
  const checked = checkQueue(body.contacts, platform.phone.displayName);
  if (!checked.ok) throw checked.reason ? conflict(checked.error).because(checked.reason) : conflict(checked.error);
  const current = await loadDialQueue(platform.db, agent._id, platform.clock.now());
  // The list was made from an older queue: saving it could bring back a contact auto-dial has just dialed.
  if ((current.version ?? 0) !== body.version)
    throw conflict(DialerRuleMessages.queueChanged).because(ErrorReasons.queueChanged);
  const known = new Set(current.contacts.map((c) => c.leadId).filter(Boolean));
  for (const contact of checked.value) {
    if (!contact.leadId || known.has(contact.leadId)) continue;
    const lead = await findLeadById(platform.db, contact.leadId);
    if (!lead) throw notFound('Lead not found.');
    const campaign = agent.role === 'owner' ? await findCampaignById(platform.db, lead.campaignId) : null;
    const allowed =
      agent.role === 'admin' ||
      lead.assignedTo?.equals(agent._id) ||
      (agent.role === 'owner' && campaign?.ownerId?.equals(agent._id));
    if (!allowed) throw forbidden(DialerRuleMessages.leadNotYours);
  }
  const saved = await updateDialQueue(
    platform.db,
    agent._id,
    atQueueVersion(body.version),
    { contacts: checked.value, updatedAt: platform.clock.now() },
    ['notice'],
  );
  if (!saved) throw conflict(DialerRuleMessages.queueChanged).because(ErrorReasons.queueChanged);
  return publish(platform, saved)!;
}

/** `PUT /api/dialer/auto-dial`. On with an idle connected dialer and a non-empty queue: dials at once. */
export async function setAutoDial(platform: Platform, agent: UserDoc, enabled: boolean): Promise<AutoDialAnswer> {
  const m = messagesFor(platform);
  const saved = await updateDialQueue(
    platform.db,
    agent._id,
    {},
    { autoDial: enabled, updatedAt: platform.clock.now() },
    ['pausedReason', 'notice'],
  );
  const queue = saved ?? (await loadDialQueue(platform.db, agent._id, platform.clock.now()));
  if (enabled) await kickAutoDial(platform, agent._id);
  return { queue: publish(platform, queue)!, message: enabled ? m.autoDialOn : m.autoDialOff };
}

async function pause(platform: Platform, agentId: ObjectId, reason: string): Promise<void> {
  publish(
    platform,
    await updateDialQueue(
      platform.db,
      agentId,
      { autoDial: true },
      { autoDial: false, pausedReason: reason, updatedAt: platform.clock.now() },
    ),
  );
}

/**
 * The `calls` worker's auto-dial step: dial the first queued contact that may be called now, and
 * remove it from the queue. Idempotent by `key`: the call carries `dialKey`, unique, so a re-run (a
 * killed worker, a retry) finds the call it already placed and only finishes removing its contact.
 */
export async function runAutoDial(
  platform: Platform,
  job: AutoDialJob,
): Promise<'dialed' | 'already' | 'off' | 'paused' | 'busy' | 'nothing' | 'handed-over'> {
  const agentId = new ObjectId(job.agentId);
  const dialKey = `auto-${job.key}`;
  const now = () => platform.clock.now();
  const already = await findCallByDialKey(platform.db, dialKey);
  if (already) {
    // A worker killed between placing the call and scheduling its first step: schedule it (job id dedupes).
    if (already.state === 'calling')
      await platform.phone.makeCall({
        callId: already._id.toHexString(),
        agentId: already.agentId.toHexString(),
        phone: already.phoneDigits,
        startedAt: already.startedAt,
        ...mediaPlanOf(already),
      });
    await settleLastQueueDial(platform, agentId);
    return 'already';
  }
  const queue = await settleLastQueueDial(platform, agentId);
  if (!queue.autoDial) return 'off';
  const node = queue.phone.node;
  if (platform.phone.media && node && node !== platform.phone.sessionNode) {
    if (await handToPhoneNode(platform, node, job)) return 'handed-over';
    // A restart or deploy: the agent's tab re-attaches to a live process, and the step goes on there.
    if (await waitForPhoneNodeMove(platform, agentId, node)) return runAutoDial(platform, job);
    await pause(platform, agentId, messagesFor(platform).notConnected);
    return 'paused';
  }
  if ((await platform.live.connectedCount(job.agentId)) === 0) {
    await pause(platform, agentId, DialerRuleMessages.pausedNoSocket);
    return 'paused';
  }
  if (queue.phone.status !== 'connected') {
    await pause(platform, agentId, messagesFor(platform).notConnected);
    return 'paused';
  }
  if (!(await lineFreeSoon(platform, agentId))) return 'busy';
  const agent = await findUserById(platform.db, agentId);
  if (!agent) return 'nothing';

  const skipped = new Map<string, string>();
  for (const contact of queue.contacts) {
    const target = await resolveTarget(platform, agent, contact).catch(() => null);
    if (!target) {
      skipped.set(contact.id, 'Lead not found.');
      continue;
    }
    const refusal = await dialRefusal(platform, agent, target);
    if (refusal?.kind === 'cap') {
      await pause(platform, agentId, DialerRuleMessages.pausedDailyCap);
      return 'paused';
    }
    if (refusal) {
      skipped.set(contact.id, refusal.error.message);
      continue;
    }
    const notBefore = job.at ? new Date(job.at) : undefined;
    if (platform.phone.media) {
      if (!(await mediaReady(platform, job))) {
        await pause(platform, agentId, DialerRuleMessages.pausedNoMedia);
        return 'paused';
      }
      // The wait may have been long: auto-dial switched off, or the contact taken off the queue, meanwhile.
      const now = await loadDialQueue(platform.db, agentId, platform.clock.now());
      if (!now.autoDial) return 'off';
      if (!now.contacts.some((c) => c.id === contact.id)) return runAutoDial(platform, job);
    }
    const result = await placeCall(platform, agent, target, {
      autoDialed: true,
      dialKey,
      queueContactId: contact.id,
      ...(notBefore ? { notBefore } : {}),
    }).catch((error: Error) => ({ refused: 'error' as const, message: error.message }));
    if ('placed' in result) {
      const hadNotes = Boolean(queue.notice) || queue.contacts.some((c) => c.skipReason);
      if (skipped.size > 0 || hadNotes)
        await setContactSkipReasons(platform.db, agentId, skipped, skipNotice(queue, skipped), now());
      publish(platform, await pullQueueContact(platform.db, agentId, contact.id, now(), dialKey));
      return 'dialed';
    }
    if (result.refused === 'already-dialed') return runAutoDial(platform, job);
    if (result.refused === 'agent-busy') return 'busy';
    skipped.set(contact.id, result.message);
  }
  publish(platform, await setContactSkipReasons(platform.db, agentId, skipped, skipNotice(queue, skipped), now()));
  return 'nothing';
}

/**
 * The agent's queue, after taking off the contact of the last call dialed from it if that was never done. A worker
 * killed between placing an auto-dialed call and removing its contact leaves the contact queued; the call goes on,
 * and its end schedules the next auto-dial (another key), which ran before the killed job's retry and dialed the
 * same contact again. Every auto-dial step settles the last queue call first. `dequeuedDialKey`, written with each
 * removal, tells a contact the agent queued again after its call (dial it) from one never taken off (do not).
 */
async function settleLastQueueDial(platform: Platform, agentId: ObjectId): Promise<DialQueueDoc> {
  const queue = await loadDialQueue(platform.db, agentId, platform.clock.now());
  const last = await findLatestQueueCall(platform.db, agentId);
  if (!last?.dialKey || !last.queueContactId || queue.dequeuedDialKey === last.dialKey) return queue;
  if (queue.contacts.some((c) => c.id === last.queueContactId)) {
    const settled = await pullQueueContact(
      platform.db,
      agentId,
      last.queueContactId,
      platform.clock.now(),
      last.dialKey,
    );
    publish(platform, settled);
    return settled ?? queue;
  }
  return (await updateDialQueue(platform.db, agentId, {}, { dequeuedDialKey: last.dialKey }, [], false)) ?? queue;
}

/** How long an auto-dial step waits for the tab's offer past the call's due time before it pauses auto-dial. */
const OFFER_WAIT_MS = 5_000;

/**
 * A provider carrying the agent's audio over WebRTC needs a fresh offer from the agent's tab for every call: the tab
 * sends it when the previous call ends (or before it switches auto-dial on), so it is gathered during the 2 s gap.
 * An offer taken before the previous call ended belonged to an earlier connection and does not count. Only the
 * offer is awaited here: the call itself is still placed by `placeCall` after every check, as any other.
 */
async function mediaReady(platform: Platform, job: AutoDialJob): Promise<boolean> {
  const media = platform.phone.media;
  if (!media) return true;
  const due = job.at ? new Date(job.at).getTime() : platform.clock.now().getTime();
  const since = job.at ? new Date(due - platform.phone.timings.autoDialDelayMs) : undefined;
  const withinMs = Math.max(0, due - platform.clock.now().getTime()) + OFFER_WAIT_MS;
  const wanted = { ...(since ? { since } : {}) };
  if (await media.offerReady(job.agentId, { ...wanted, withinMs: 0 })) return true;
  // Nothing here to dial with yet. The tab that held the last call is usually making its offer already; a tab whose
  // connection was kept in a room this process never held (it started after a deploy) is told to make one.
  emitPhoneOfferWanted(platform, job.agentId);
  return media.offerReady(job.agentId, { ...wanted, withinMs });
}

/** True when the agent has no live call, or only one that ended and whose idle step is due now. */
async function lineFreeSoon(platform: Platform, agentId: ObjectId): Promise<boolean> {
  const live = await findLiveCall(platform.db, agentId);
  if (!live) return true;
  return freeLineWhenDue(platform, live);
}

function skipNotice(queue: DialQueueDoc, skipped: Map<string, string>): string | undefined {
  if (skipped.size === 0) return undefined;
  const names = queue.contacts.filter((c) => skipped.has(c.id)).map((c) => `${c.name}: ${skipped.get(c.id)}`);
  return `Auto-dialer skipped ${names.join('; ')}`;
}

// --- do-not-call -------------------------------------------------------------------------------

/** `POST /api/dialer/dnc`: admins for any list; a campaign's owner for that campaign's list. */
export async function addDoNotCall(platform: Platform, user: UserDoc, body: DncBody): Promise<DncAdded> {
  const phone = normalizePhone(body.phone);
  if (!phone) throw badRequest(messagesFor(platform).blankNumber);
  let scope = 'global';
  if (body.campaignId) {
    const campaign = await findCampaignById(platform.db, body.campaignId);
    if (!campaign) throw notFound('Campaign not found.');
    if (user.role !== 'admin' && !(user.role === 'owner' && campaign.ownerId?.equals(user._id)))
      throw forbidden(DialerRuleMessages.dncForbidden);
    scope = campaign._id.toHexString();
  } else if (user.role !== 'admin') {
    throw forbidden(DialerRuleMessages.dncForbidden);
  }
  const doc = await insertDnc(platform.db, {
    _id: new ObjectId(),
    scope,
    phone,
    ...(body.reason ? { reason: body.reason } : {}),
    addedBy: user._id,
    createdAt: platform.clock.now(),
  });
  return { entry: toDncEntry(doc), message: DialerRuleMessages.dncAdded(phone) };
}

/** `POST /api/dialer/calls/:id/dnc`: after a call the agent bars the number for that campaign (global without one). */
export async function markCallDoNotCall(platform: Platform, agent: UserDoc, callId: string): Promise<DncAdded> {
  const call = await callOwnedBy(platform, agent, callId);
  const scope = call.campaignId ? call.campaignId.toHexString() : 'global';
  const doc = await insertDnc(platform.db, {
    _id: new ObjectId(),
    scope,
    phone: call.phoneDigits,
    reason: 'Asked not to be called',
    addedBy: agent._id,
    createdAt: platform.clock.now(),
  });
  return { entry: toDncEntry(doc), message: DialerRuleMessages.dncAdded(call.phoneDigits) };
}

/** `GET /api/dialer/dnc`: the global list and one campaign's (admins), or the owner's campaign list. */
export async function listDoNotCall(platform: Platform, user: UserDoc, campaignId?: string): Promise<DncList> {
  const scopes: string[] = [];
  if (campaignId) {
    const campaign = await findCampaignById(platform.db, campaignId);
    if (!campaign) throw notFound('Campaign not found.');
    if (user.role !== 'admin' && !(user.role === 'owner' && campaign.ownerId?.equals(user._id)))
      throw forbidden(DialerRuleMessages.dncForbidden);
    scopes.push(campaign._id.toHexString());
  }
  if (user.role === 'admin') scopes.push('global');
  if (scopes.length === 0) throw forbidden(DialerRuleMessages.dncForbidden);
  return { items: (await listDnc(platform.db, scopes)).map(toDncEntry) };
}
