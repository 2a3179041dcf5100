import { ObjectId } from 'mongodb';
import { PLAN_LIMITS, type LeadDisposition } from '../../../shared/constants.js';
import { Jobs, type AutoDialJob } from '../../../shared/queues.js';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { DialerRuleMessages, dialerMessages, formatPhone, normalizePhone } from '../../../shared/schemas/dialer/messages.js';
import type { DialerState, PhoneView } from '../../../shared/schemas/dialer/state.js';
import type { Platform } from '../../platform/context.js';
import { AppError, badRequest, conflict, forbidden, notFound, rateLimited } from '../../platform/errors.js';
import { findCampaignById, type CampaignDoc } from '../campaigns/repository.js';
import { findLeadById, type LeadDoc } from '../leads/repository.js';
import { updateLeadFor } from '../leads/service.js';
import { emitTeamActivity } from '../team/service.js';
import { findUserById, type UserDoc } from '../users/repository.js';
import { callingTimeZone, secondsUntilNextUtcDay, startOfUtcDay, withinCallingHours } from './compliance.js';
import { emitCallState } from './events.js';
import { callTransition, phoneTransition, startCall as startCallRule, type CallCommand, type PhoneCommand, type CallSnapshot } from './machine.js';
import type { CallProgress, ProviderEvent } from './phone-provider.js';
import { toCallView, toQueueView } from './present.js';
import { handleProviderEventsWith, phoneProvider } from './provider.js';
import { recordingWav } from './recording.js';
import {
  applyCallTransition,
  countCallsSince,
  findCall,
  findDnc,
  findLatestCall,
  findLiveCall,
  insertCall,
  loadDialQueue,
  setCallNotes,
  storeRecording,
  updateDialQueue,
  type CallDoc,
  type InsertCallResult,
} from './repository.js';

export const messagesFor = (platform: Platform) => dialerMessages(phoneProvider(platform).displayName);

// --- phone session -----------------------------------------------------------------------------

export async function phoneView(platform: Platform, agentId: ObjectId): Promise<PhoneView> {
  const session = await loadDialQueue(platform.db, agentId, platform.clock.now());
  return { status: session.phone.status, provider: phoneProvider(platform).displayName };
}

async function movePhone(platform: Platform, agentId: ObjectId, command: PhoneCommand): Promise<{ status: PhoneView['status']; changed: boolean }> {
  const provider = phoneProvider(platform);
  for (let attempt = 0; attempt < 5; attempt++) {
    const session = await loadDialQueue(platform.db, agentId, platform.clock.now());
    const result = phoneTransition(session.phone.status, command, provider.displayName);
    if (!result.ok) throw conflict(result.error);
    if (!result.changed) return { status: result.value, changed: false };
    const saved = await updateDialQueue(platform.db, agentId, { 'phone.status': session.phone.status }, { phone: { status: result.value, at: platform.clock.now() } });
    if (saved) return { status: result.value, changed: true };
  }
  throw conflict(messagesFor(platform).initFailed);
}

/** `POST /api/dialer/connect`: initialize (1 s) then connect (1.5 s); progress arrives as `call:state`. */
export async function connectPhone(platform: Platform, agentId: ObjectId): Promise<PhoneView> {
  const { status, changed } = await movePhone(platform, agentId, { type: 'initialize' });
  if (changed) {
    try {
      await phoneProvider(platform).initialize(agentId.toHexString());
    } catch (error) {
      platform.log.error({ err: error }, 'phone initialize failed');
      await movePhone(platform, agentId, { type: 'init-failed' });
      throw new AppError('UNAVAILABLE', messagesFor(platform).initFailed);
    }
  }
  const view = { status, provider: phoneProvider(platform).displayName };
  await pushState(platform, agentId, {});
  return view;
}

// --- starting a call ---------------------------------------------------------------------------

export interface DialTarget {
  phone: string;
  phoneDigits: string;
  name: string;
  lead: LeadDoc | null;
  campaign: CampaignDoc | null;
}

/** Why a target may not be dialed now; `kind` lets auto-dial decide between skipping and pausing. */
export interface DialRefusal {
  kind: 'dnc' | 'hours' | 'not-yours' | 'cap';
  error: AppError;
}

export async function resolveTarget(platform: Platform, agent: UserDoc, input: { phone: string; leadId?: string; name?: string }): Promise<DialTarget> {
  const lead = input.leadId ? await findLeadById(platform.db, input.leadId) : null;
  if (input.leadId && !lead) throw notFound('Lead not found.');
  const campaign = lead ? await findCampaignById(platform.db, lead.campaignId) : null;
  const phoneDigits = normalizePhone(input.phone);
  const name = input.name?.trim() || lead?.name || formatPhone(input.phone.trim());
  return { phone: input.phone.trim(), phoneDigits, name, lead, campaign };
}

/** Compliance first (never dial a DNC number or outside calling hours), then the daily cap. */
export async function dialRefusal(platform: Platform, agent: UserDoc, target: DialTarget): Promise<DialRefusal | null> {
  const { lead, campaign } = target;
  if (lead && !mayDialLead(agent, lead, campaign)) return { kind: 'not-yours', error: forbidden(DialerRuleMessages.leadNotYours) };
  if (await findDnc(platform.db, target.phoneDigits, lead?.campaignId)) return { kind: 'dnc', error: forbidden(DialerRuleMessages.doNotCall(target.phone)) };
  const timeZone = callingTimeZone(lead, campaign);
  if (timeZone) {
    const { allowed, local } = withinCallingHours(platform.clock.now(), timeZone);
    if (!allowed) return { kind: 'hours', error: forbidden(DialerRuleMessages.outsideHours(local?.text ?? 'unknown', timeZone)) };
  }
  const today = await countCallsSince(platform.db, agent._id, startOfUtcDay(platform.clock.now()));
  if (today >= PLAN_LIMITS.callsPerDay) {
    return { kind: 'cap', error: rateLimited(DialerRuleMessages.dailyCap(PLAN_LIMITS.callsPerDay), secondsUntilNextUtcDay(platform.clock.now())) };
  }
  return null;
}

function mayDialLead(agent: UserDoc, lead: LeadDoc, campaign: CampaignDoc | null): boolean {
  if (agent.role === 'admin') return true;
  if (agent.role === 'owner' && campaign?.ownerId?.equals(agent._id)) return true;
  return Boolean(lead.assignedTo?.equals(agent._id));
}

export interface PlaceCallOptions {
  autoDialed?: boolean;
  dialKey?: string;
  queueContactId?: string;
  /** Auto-dial's due time: the checks run first, then the call starts no earlier than this. */
  notBefore?: Date;
}

export type PlaceCallResult = { placed: CallDoc } | { refused: InsertCallResult; message: string };

/**
 * Checks the spec's rules against the persisted phone session and live call, then inserts the call.
 * The unique live-call indexes settle races: two tabs, two agents on one lead, a worker re-run.
 */
export async function placeCall(platform: Platform, agent: UserDoc, target: DialTarget, options: PlaceCallOptions = {}): Promise<PlaceCallResult> {
  const provider = phoneProvider(platform);
  const m = messagesFor(platform);
  const session = await loadDialQueue(platform.db, agent._id, platform.clock.now());
  const live = await findLiveCall(platform.db, agent._id);
  if (options.notBefore) {
    const wait = Math.min(AUTO_DIAL_LEAD_MS, options.notBefore.getTime() - platform.clock.now().getTime());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const rule = startCallRule({ phone: target.phone, phoneStatus: session.phone.status, liveCall: live }, provider.displayName, platform.clock);
  if (!rule.ok) throw rule.error === m.blankNumber ? badRequest(rule.error) : conflict(rule.error);

  const doc: CallDoc = {
    _id: new ObjectId(),
    agentId: agent._id,
    phone: target.phone,
    phoneDigits: target.phoneDigits,
    name: target.name,
    direction: 'outbound',
    ...rule.value,
    notes: '',
    live: true,
    autoDialed: Boolean(options.autoDialed),
    provider: provider.displayName,
    ...(target.lead ? { leadId: target.lead._id } : {}),
    ...(target.campaign ? { campaignId: target.campaign._id, campaignName: target.campaign.name } : {}),
    ...(options.dialKey ? { dialKey: options.dialKey } : {}),
    ...(options.queueContactId ? { queueContactId: options.queueContactId } : {}),
  };
  const inserted = await insertCall(platform.db, doc);
  if (inserted === 'agent-busy') return { refused: inserted, message: m.callInProgress };
  if (inserted === 'lead-claimed') return { refused: inserted, message: DialerRuleMessages.leadClaimed };
  if (inserted === 'already-dialed') return { refused: inserted, message: m.callInProgress };

  try {
    await provider.makeCall({ callId: doc._id.toHexString(), phone: doc.phoneDigits, startedAt: doc.startedAt });
  } catch (error) {
    platform.log.error({ err: error, callId: doc._id }, 'call could not be placed');
    await applyEvent(platform, doc._id, { type: 'failed' });
    await applyEvent(platform, doc._id, { type: 'idle' });
    throw new AppError('UNAVAILABLE', m.callFailed);
  }
  await pushState(platform, agent._id, { call: doc, message: m.calling(doc.phone), phoneStatus: session.phone.status });
  await emitTeamActivity(platform, agent._id, {
    kind: 'call-started',
    callId: doc._id,
    ...(doc.campaignId ? { campaignId: doc.campaignId } : {}),
    leadName: doc.name,
    key: `call-started-${doc._id.toHexString()}`,
  }).catch((error) => platform.log.warn({ err: error }, 'team activity not sent'));
  return { placed: doc };
}

/** `POST /api/dialer/calls`. */
export async function startCallByHand(platform: Platform, agent: UserDoc, input: { phone: string; leadId?: string; name?: string }): Promise<CallView> {
  const m = messagesFor(platform);
  // The spec's own checks come first (not connected, in progress, blank), then compliance.
  const session = await loadDialQueue(platform.db, agent._id, platform.clock.now());
  const precheck = startCallRule({ phone: input.phone, phoneStatus: session.phone.status, liveCall: await findLiveCall(platform.db, agent._id) }, phoneProvider(platform).displayName, platform.clock);
  if (!precheck.ok) throw precheck.error === m.blankNumber ? badRequest(precheck.error) : conflict(precheck.error);
  const target = await resolveTarget(platform, agent, input);
  const refusal = await dialRefusal(platform, agent, target);
  if (refusal) throw refusal.error;
  const result = await placeCall(platform, agent, target);
  if ('refused' in result) throw conflict(result.message);
  return toCallView(result.placed);
}

// --- controlling a call ------------------------------------------------------------------------

async function ownCall(platform: Platform, agent: UserDoc, callId: string): Promise<CallDoc> {
  const call = ObjectId.isValid(callId) ? await findCall(platform.db, new ObjectId(callId)) : null;
  if (!call) throw notFound(DialerRuleMessages.callNotFound);
  if (!call.agentId.equals(agent._id)) throw forbidden(DialerRuleMessages.notYourCall);
  return call;
}

/** `POST /api/dialer/calls/:id/end`: ending (now), ended 0.5 s later (the provider). */
export async function endCall(platform: Platform, agent: UserDoc, callId: string): Promise<CallView> {
  const call = await ownCall(platform, agent, callId);
  const after = await applyEvent(platform, call._id, { type: 'end' });
  if (after.state === 'ending') {
    await phoneProvider(platform).endCall(callId).catch(async (error) => {
      // "Failed to end call properly" (the call state is reset anyway).
      platform.log.error({ err: error, callId }, 'end step not scheduled');
      await applyEvent(platform, call._id, { type: 'end-complete' });
      await applyEvent(platform, call._id, { type: 'idle' });
      throw new AppError('UNAVAILABLE', messagesFor(platform).endFailed);
    });
  }
  return toCallView(after);
}

/** `POST /api/dialer/calls/:id/mute`: applied 0.3 s later by the provider, then pushed. */
export async function muteCall(platform: Platform, agent: UserDoc, callId: string, muted: boolean): Promise<CallView> {
  const call = await ownCall(platform, agent, callId);
  const result = callTransition(call, { type: 'mute', muted }, phoneProvider(platform).displayName, platform.clock);
  if (!result.ok) throw conflict(result.error);
  try {
    await phoneProvider(platform).setMuted(callId, muted);
  } catch (error) {
    platform.log.error({ err: error, callId }, 'mute step not scheduled');
    throw new AppError('UNAVAILABLE', messagesFor(platform).muteFailed);
  }
  return toCallView(call);
}

/** `PATCH /api/dialer/calls/:id`: notes while in call and after. */
export async function saveNotes(platform: Platform, agent: UserDoc, callId: string, notes: string): Promise<CallView> {
  const call = await ownCall(platform, agent, callId);
  const saved = await setCallNotes(platform.db, call._id, agent._id, notes);
  if (!saved) throw notFound(DialerRuleMessages.callNotFound);
  await pushState(platform, agent._id, { call: saved });
  return toCallView(saved);
}

export async function callOwnedBy(platform: Platform, agent: UserDoc, callId: string): Promise<CallDoc> {
  return ownCall(platform, agent, callId);
}

/** `GET /api/dialer/state`. */
export async function dialerState(platform: Platform, agent: UserDoc): Promise<DialerState> {
  const session = await loadDialQueue(platform.db, agent._id, platform.clock.now());
  const call = (await findLiveCall(platform.db, agent._id)) ?? (await findLatestCall(platform.db, agent._id));
  return {
    phone: { status: session.phone.status, provider: phoneProvider(platform).displayName },
    call: call ? toCallView(call) : null,
    queue: toQueueView(session),
    callsToday: await countCallsSince(platform.db, agent._id, startOfUtcDay(platform.clock.now())),
    callsPerDay: PLAN_LIMITS.callsPerDay,
  };
}

/**
 * An ended call frees the line 1 s after its end (the provider's idle step). When that step is late
 * (a busy worker), auto-dial applies it itself once it is due, instead of waiting for it; the late step
 * is then a no-op. True when the line is free.
 */
export async function freeLineWhenDue(platform: Platform, call: CallDoc): Promise<boolean> {
  if (call.state !== 'ended' || !call.endedAt) return false;
  const due = call.endedAt.getTime() + phoneProvider(platform).timings.idleMs - platform.clock.now().getTime();
  if (due > AUTO_DIAL_LEAD_MS) return false;
  if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  const after = await applyEvent(platform, call._id, { type: 'idle' });
  return after.state === 'idle';
}

// --- provider events -----------------------------------------------------------------------------

/**
 * Applies one call command with a conditional write on the state it was read in; retried when
 * another step won the race. Throws the machine's error (e.g. "No active call to end").
 */
async function applyEvent(platform: Platform, callId: ObjectId, command: CallCommand): Promise<CallDoc> {
  const provider = phoneProvider(platform);
  for (let attempt = 0; attempt < 5; attempt++) {
    const call = await findCall(platform.db, callId);
    if (!call) throw notFound(DialerRuleMessages.callNotFound);
    const result = callTransition(call, command, provider.displayName, platform.clock);
    if (!result.ok) throw conflict(result.error);
    if (!result.changed) return call;
    const next: CallSnapshot = result.value;
    if (next.state === 'ended' && next.status === 'answered') {
      await storeRecording(platform.db, call._id, call.agentId, recordingWav(next.duration, call.phoneDigits));
    }
    const added = next.timeline.slice(call.timeline.length);
    const saved = await applyCallTransition(platform.db, call._id, call.state, call.muted, next, added, next.state === 'ended' && next.status === 'answered' ? { recordingId: call._id } : {});
    if (!saved) continue;
    await afterTransition(platform, call, saved);
    return saved;
  }
  throw conflict(messagesFor(platform).callFailed);
}

async function afterTransition(platform: Platform, before: CallDoc, call: CallDoc): Promise<void> {
  const m = messagesFor(platform);
  if (call.state === 'connected' && before.state === 'calling') {
    await pushState(platform, call.agentId, { call, message: m.callConnected(call.phone) });
  } else if (call.state === 'ending') {
    await pushState(platform, call.agentId, { call, message: m.callEnded });
  } else if (call.state === 'ended') {
    await onCallEnded(platform, call);
  } else {
    await pushState(platform, call.agentId, { call });
  }
}

/** Once per call (the transition to ended happens once): outcome to the lead, uplines, auto-dial, toast. */
async function onCallEnded(platform: Platform, call: CallDoc): Promise<void> {
  const m = messagesFor(platform);
  const failed = call.timeline.at(-1)?.reason === 'failed';
  await pushState(platform, call.agentId, failed ? { call, message: m.callFailed } : { call, message: m.callCompleted(call.phone), description: m.callCompletedDescription(call.duration) });
  await recordOutcomeOnLead(platform, call).catch((error) => platform.log.warn({ err: error, callId: call._id }, 'lead outcome not recorded'));
  await emitTeamActivity(platform, call.agentId, {
    kind: 'call-ended',
    callId: call._id,
    duration: call.duration,
    leadName: call.name,
    ...(call.campaignId ? { campaignId: call.campaignId } : {}),
    key: `call-ended-${call._id.toHexString()}`,
  }).catch((error) => platform.log.warn({ err: error }, 'team activity not sent'));
}

const DISPOSITION_FOR: Partial<Record<string, LeadDisposition>> = { answered: 'Answered', voicemail: 'VM' };

/** answered -> Answered, voicemail -> VM, missed -> unchanged; through the leads service (history, stage, live push). */
async function recordOutcomeOnLead(platform: Platform, call: CallDoc): Promise<void> {
  const disposition = call.status ? DISPOSITION_FOR[call.status] : undefined;
  if (!call.leadId || !disposition) return;
  const agent = await findUserById(platform.db, call.agentId);
  if (!agent) return;
  await updateLeadFor(platform, agent, call.leadId.toHexString(), { disposition });
}

/**
 * How much earlier than the due time the auto-dial job runs: it reads the queue and checks the next
 * contacts first, then waits for the due time, so the call starts 2 s after the previous ended.
 */
export const AUTO_DIAL_LEAD_MS = 500;

/** Auto-dial: the next queued contact 2 s after the call ended; job id per ended call, so once. */
async function scheduleNextAutoDial(platform: Platform, call: CallDoc): Promise<void> {
  const session = await loadDialQueue(platform.db, call.agentId, platform.clock.now());
  if (!session.autoDial || !call.endedAt) return;
  const { autoDialDelayMs: delayMs, idleMs } = phoneProvider(platform).timings;
  const at = new Date(call.endedAt.getTime() + delayMs);
  const data: AutoDialJob = { agentId: call.agentId.toHexString(), key: `after-${call._id.toHexString()}`, at: at.toISOString() };
  // Never earlier than the line goes idle (1 s after the end at the spec's timings).
  const lead = Math.max(0, Math.min(AUTO_DIAL_LEAD_MS, (delayMs - idleMs) / 2));
  await platform.queues.calls.add(Jobs.calls.autoDial, data, { jobId: `next-${call._id.toHexString()}`, delay: Math.max(0, at.getTime() - lead - platform.clock.now().getTime()) });
}

/**
 * Auto-dial's first call, at once: when it is switched on, or when the phone connects with it on. Runs
 * only with a connected idle dialer and a non-empty queue.
 */
export async function kickAutoDial(platform: Platform, agentId: ObjectId): Promise<void> {
  const queue = await loadDialQueue(platform.db, agentId, platform.clock.now());
  if (!queue.autoDial || queue.phone.status !== 'connected' || queue.contacts.length === 0) return;
  if (await findLiveCall(platform.db, agentId)) return;
  const data: AutoDialJob = { agentId: agentId.toHexString(), key: `on-${new ObjectId().toHexString()}` };
  await platform.queues.calls.add(Jobs.calls.autoDial, data, { jobId: data.key });
}

export async function pushState(platform: Platform, agentId: ObjectId, input: { call?: CallDoc | null; message?: string; description?: string; phoneStatus?: PhoneView['status'] }): Promise<void> {
  const phoneStatus = input.phoneStatus ?? (await loadDialQueue(platform.db, agentId, platform.clock.now())).phone.status;
  const call = input.call !== undefined ? input.call : ((await findLiveCall(platform.db, agentId)) ?? (await findLatestCall(platform.db, agentId)));
  emitCallState(platform, agentId.toHexString(), {
    phone: { status: phoneStatus, provider: phoneProvider(platform).displayName },
    call: call ? toCallView(call) : null,
    ...(input.message ? { message: input.message } : {}),
    ...(input.description ? { description: input.description } : {}),
  });
}

const progressOf = (call: CallDoc): CallProgress => ({
  state: call.state,
  ...(call.reached ? { reached: call.reached } : {}),
  ...(call.connectedAt ? { connectedAt: call.connectedAt } : {}),
  ...(call.endedAt ? { endedAt: call.endedAt } : {}),
});

const ENDING_EVENTS = new Set<ProviderEvent['type']>(['no-answer', 'failed', 'hangup', 'end-complete']);

async function onProviderEvent(platform: Platform, event: ProviderEvent): Promise<CallProgress | null> {
  if ('agentId' in event) {
    const agentId = new ObjectId(event.agentId);
    if (event.type === 'initialized') {
      await movePhone(platform, agentId, { type: 'initialized' });
      const { changed } = await movePhone(platform, agentId, { type: 'connect' });
      await pushState(platform, agentId, {});
      if (changed) await phoneProvider(platform).connect(event.agentId);
    } else if (event.type === 'connected') {
      const { changed } = await movePhone(platform, agentId, { type: 'connected' });
      if (changed) {
        await pushState(platform, agentId, { message: messagesFor(platform).connected });
        await kickAutoDial(platform, agentId);
      }
    } else {
      await movePhone(platform, agentId, { type: 'init-failed' });
      await pushState(platform, agentId, { message: messagesFor(platform).initFailed });
    }
    return null;
  }
  const callId = new ObjectId(event.callId);
  const command: CallCommand = event.type === 'mute-changed' ? { type: 'mute-applied', muted: event.muted } : { type: event.type };
  try {
    const call = await applyEvent(platform, callId, command);
    // Also on a re-run of the step (the job id dedupes), so a crash after the write loses no auto-dial.
    if (call.state === 'ended' && ENDING_EVENTS.has(event.type)) await scheduleNextAutoDial(platform, call);
    return progressOf(call);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null; // the call is gone (test cleanup)
    throw error;
  }
}

handleProviderEventsWith(onProviderEvent);

