import { ObjectId } from 'mongodb';
import { PLAN_LIMITS } from '../../../shared/constants.js';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { DialerRuleMessages, formatPhone, normalizePhone } from '../../../shared/schemas/dialer/messages.js';
import type { DialerState, PhoneView } from '../../../shared/schemas/dialer/state.js';
import { ErrorReasons, type ErrorReason } from '../../../shared/errors.js';
import type { Platform } from '../../platform/context.js';
import type { AccessSession } from '../../platform/auth.js';
import { AppError, badRequest, conflict, forbidden, notFound, rateLimited } from '../../platform/errors.js';
import { findCampaignById, type CampaignDoc } from '../campaigns/public.js';
import { findLeadById, type LeadDoc } from '../leads/public.js';
import { emitTeamActivity } from '../team/public.js';
import type { UserDoc } from '../users/public.js';
import { secondsUntilNextUtcDay, startOfUtcDay, withinCallingHours } from './compliance.js';
import { callerCampaignIds, hoursRuleFor } from './dial-hours.js';
import { mediaPlanOf, recordingPlanFor } from './recording-consent.js';
import { narrowHours, stateName, stateRuleFor, usStateOf } from './state-rules.js';
import { AUTO_DIAL_LEAD_MS, applyEvent, freeLineWhenDue, movePhone, pushState } from './lifecycle.js';
import { callTransition, startCall as startCallRule } from './machine.js';
import { signedRecordingLink, toCallView, toQueueView } from './present.js';
import { messagesFor, phoneView } from './provider.js';
import { browserIceServers } from './ice-servers.js';
import { announceAvailability } from './transfer-availability.js';
import {
  countCallsSince,
  countCallsToNumberSince,
  findCall,
  findDnc,
  findLatestCall,
  findLiveCall,
  insertCall,
  loadDialQueue,
  setCallNotes,
  type CallDoc,
  type InsertCallResult,
} from './repository.js';

// --- phone session -----------------------------------------------------------------------------

/** `POST /api/dialer/connect`: initialize (1 s) then connect (1.5 s); progress arrives as `call:state`. */
export async function connectPhone(platform: Platform, agentId: ObjectId): Promise<PhoneView> {
  const { status, changed } = await movePhone(platform, agentId, { type: 'initialize' });
  if (changed) {
    try {
      await platform.phone.initialize(agentId.toHexString());
    } catch (error) {
      platform.log.error({ err: error }, 'phone initialize failed');
      await movePhone(platform, agentId, { type: 'init-failed' });
      throw new AppError('UNAVAILABLE', messagesFor(platform).initFailed).because(ErrorReasons.phoneInitFailed);
    }
  }
  const view = phoneView(platform, status);
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

export async function resolveTarget(
  platform: Platform,
  agent: UserDoc,
  input: { phone: string; leadId?: string; name?: string },
): Promise<DialTarget> {
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
  if (lead && !mayDialLead(agent, lead, campaign))
    return { kind: 'not-yours', error: forbidden(DialerRuleMessages.leadNotYours) };
  // The three reads are independent: read at once (a dial waits for them before its INVITE), decided in order.
  const [dnc, { timeZone, hours: campaignHours }, today] = await Promise.all([
    dncScopesFor(platform, agent, lead?.campaignId).then((scopes) =>
      findDnc(platform.db, target.phoneDigits, scopes, agent._id),
    ),
    hoursRuleFor(platform, agent, target),
    countCallsSince(platform.db, agent._id, startOfUtcDay(platform.clock.now())),
  ]);
  if (dnc) return { kind: 'dnc', error: forbidden(DialerRuleMessages.doNotCall(target.phone)) };
  // A state stricter than 8:00-21:00 (its window, its calls per person per 24 h), the campaign's rule or the default.
  const state = usStateOf(lead?.details, target.phoneDigits);
  const stateRule = stateRuleFor(state, campaign?.stateRules);
  const hours = stateRule ? narrowHours(campaignHours, stateRule.hours) : campaignHours;
  if (timeZone) {
    const { allowed, local } = withinCallingHours(platform.clock.now(), timeZone, hours);
    if (!allowed)
      return {
        kind: 'hours',
        error: forbidden(DialerRuleMessages.outsideHours(local?.text ?? 'unknown', timeZone, hours)),
      };
  }
  if (state && stateRule?.maxCallsPer24h) {
    const recent = await countCallsToNumberSince(
      platform.db,
      target.phoneDigits,
      new Date(platform.clock.now().getTime() - 86_400_000),
    );
    if (recent >= stateRule.maxCallsPer24h)
      return {
        kind: 'hours',
        error: forbidden(DialerRuleMessages.stateCallLimit(target.phone, stateRule.maxCallsPer24h, stateName(state))),
      };
  }
  if (today >= PLAN_LIMITS.callsPerDay) {
    return {
      kind: 'cap',
      error: rateLimited(
        DialerRuleMessages.dailyCap(PLAN_LIMITS.callsPerDay),
        secondsUntilNextUtcDay(platform.clock.now()),
      ),
    };
  }
  return null;
}

/**
 * Every do-not-call list that applies to this agent, wherever the number came from (typed, lead, queue, auto-dial):
 * the global one, the lead's campaign and every campaign the agent works in or owns. Numbers the agent marked
 * from a call count too (matched by `addedBy`).
 */
async function dncScopesFor(
  platform: Platform,
  agent: UserDoc,
  leadCampaignId: ObjectId | undefined,
): Promise<string[]> {
  const ids = [...(await callerCampaignIds(platform, agent)), ...(leadCampaignId ? [leadCampaignId] : [])].map((id) =>
    id.toHexString(),
  );
  return ['global', ...new Set(ids)];
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

/** The spec's own refusals: a blank number is a bad request, the others conflict with the line's state. */
function startRefused(rule: { error: string; reason?: ErrorReason }): AppError {
  const error = rule.reason === ErrorReasons.blankNumber ? badRequest(rule.error) : conflict(rule.error);
  return rule.reason ? error.because(rule.reason) : error;
}

export type PlaceCallResult = { placed: CallDoc } | { refused: InsertCallResult; message: string };

/**
 * Checks the spec's rules against the persisted phone session and live call, then inserts the call.
 * The unique live-call indexes settle races: two tabs, two agents on one lead, a worker re-run.
 */
export async function placeCall(
  platform: Platform,
  agent: UserDoc,
  target: DialTarget,
  options: PlaceCallOptions = {},
): Promise<PlaceCallResult> {
  const provider = platform.phone;
  const m = messagesFor(platform);
  const [session, live] = await Promise.all([
    loadDialQueue(platform.db, agent._id, platform.clock.now()),
    findLiveCall(platform.db, agent._id),
  ]);
  if (options.notBefore) {
    const wait = Math.min(AUTO_DIAL_LEAD_MS, options.notBefore.getTime() - platform.clock.now().getTime());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const rule = startCallRule(
    { phone: target.phone, phoneStatus: session.phone.status, liveCall: live },
    provider.displayName,
    platform.clock,
  );
  if (!rule.ok) throw startRefused(rule);

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
    version: 1,
    ...(provider.sessionNode ? { phoneNode: provider.sessionNode } : {}),
    ...(target.lead ? { leadId: target.lead._id } : {}),
    ...(target.campaign ? { campaignId: target.campaign._id, campaignName: target.campaign.name } : {}),
    ...(options.dialKey ? { dialKey: options.dialKey } : {}),
    ...(options.queueContactId ? { queueContactId: options.queueContactId } : {}),
    ...recordingPlanFor(target.campaign, target.lead, target.phoneDigits),
  };
  const inserted = await insertCall(platform.db, doc);
  if (inserted === 'agent-busy') return { refused: inserted, message: m.callInProgress };
  if (inserted === 'lead-claimed') return { refused: inserted, message: DialerRuleMessages.leadClaimed };
  if (inserted === 'already-dialed') return { refused: inserted, message: m.callInProgress };

  try {
    await provider.makeCall({
      callId: doc._id.toHexString(),
      agentId: agent._id.toHexString(),
      phone: doc.phoneDigits,
      startedAt: doc.startedAt,
      ...mediaPlanOf(doc),
    });
  } catch (error) {
    platform.log.error({ err: error, callId: doc._id }, 'call could not be placed');
    await applyEvent(platform, doc._id, { type: 'failed' });
    await applyEvent(platform, doc._id, { type: 'idle' });
    throw new AppError('UNAVAILABLE', m.callFailed).because(ErrorReasons.callFailed);
  }
  await pushState(platform, agent._id, {
    call: doc,
    notice: { code: 'calling', message: m.calling(doc.phone) },
    phoneStatus: session.phone.status,
  });
  await emitTeamActivity(platform, agent._id, {
    kind: 'call-started',
    callId: doc._id,
    ...(doc.campaignId ? { campaignId: doc.campaignId } : {}),
    leadName: doc.name,
    key: `call-started-${doc._id.toHexString()}`,
  }).catch((error) => platform.log.warn({ err: error }, 'team activity not sent'));
  await announceAvailability(platform, [agent._id]);
  return { placed: doc };
}

/** `POST /api/dialer/calls`. */
export async function startCallByHand(
  platform: Platform,
  agent: UserDoc,
  input: { phone: string; leadId?: string; name?: string },
): Promise<CallView> {
  // The spec's own checks come first (not connected, in progress, blank), then compliance.
  const [session, lastCall] = await Promise.all([
    loadDialQueue(platform.db, agent._id, platform.clock.now()),
    findLiveCall(platform.db, agent._id),
  ]);
  // The panel offers Call as soon as a call has ended; the line is freed by the idle step up to 1 s later.
  const liveCall =
    lastCall && (await freeLineWhenDue(platform, lastCall, platform.phone.timings.idleMs)) ? null : lastCall;
  const precheck = startCallRule(
    { phone: input.phone, phoneStatus: session.phone.status, liveCall },
    platform.phone.displayName,
    platform.clock,
  );
  if (!precheck.ok) throw startRefused(precheck);
  const target = await resolveTarget(platform, agent, input);
  const refusal = await dialRefusal(platform, agent, target);
  if (refusal) throw refusal.error;
  const result = await placeCall(platform, agent, target);
  if ('refused' in result) throw conflict(result.message);
  return toCallView(result.placed, undefined, signedRecordingLink(platform, agent._id.toHexString()));
}

// --- controlling a call ------------------------------------------------------------------------

async function ownCall(platform: Platform, agent: UserDoc, callId: string): Promise<CallDoc> {
  // Only the 24-hex form (ObjectId.isValid also takes any 12-character text); anything else names no call.
  const call = /^[0-9a-f]{24}$/.test(callId) ? await findCall(platform.db, new ObjectId(callId)) : null;
  if (!call) throw notFound(DialerRuleMessages.callNotFound);
  if (!call.agentId.equals(agent._id)) throw forbidden(DialerRuleMessages.notYourCall);
  return call;
}

/** `POST /api/dialer/calls/:id/end`: ending (now), ended 0.5 s later (the provider). */
export async function endCall(platform: Platform, agent: UserDoc, callId: string): Promise<CallView> {
  const call = await ownCall(platform, agent, callId);
  const after = await applyEvent(platform, call._id, { type: 'end' });
  if (after.state === 'ending') {
    await platform.phone.endCall(callId).catch(async (error) => {
      // "Failed to end call properly" (the call state is reset anyway).
      platform.log.error({ err: error, callId }, 'end step not scheduled');
      await applyEvent(platform, call._id, { type: 'end-complete' });
      await applyEvent(platform, call._id, { type: 'idle' });
      throw new AppError('UNAVAILABLE', messagesFor(platform).endFailed).because(ErrorReasons.callEndFailed);
    });
  }
  return toCallView(after, undefined, signedRecordingLink(platform, agent._id.toHexString()));
}

/** `POST /api/dialer/calls/:id/mute`: applied 0.3 s later by the provider, then pushed. */
export async function muteCall(platform: Platform, agent: UserDoc, callId: string, muted: boolean): Promise<CallView> {
  const call = await ownCall(platform, agent, callId);
  const result = callTransition(call, { type: 'mute', muted }, platform.phone.displayName, platform.clock);
  if (!result.ok) throw conflict(result.error);
  try {
    await platform.phone.setMuted(callId, muted);
  } catch (error) {
    platform.log.error({ err: error, callId }, 'mute step not scheduled');
    throw new AppError('UNAVAILABLE', messagesFor(platform).muteFailed).because(ErrorReasons.callMuteFailed);
  }
  return toCallView(call, undefined, signedRecordingLink(platform, agent._id.toHexString()));
}

/** `PATCH /api/dialer/calls/:id`: notes while in call and after. */
export async function saveNotes(platform: Platform, agent: UserDoc, callId: string, notes: string): Promise<CallView> {
  const call = await ownCall(platform, agent, callId);
  const saved = await setCallNotes(platform.db, call._id, agent._id, notes);
  if (!saved) throw notFound(DialerRuleMessages.callNotFound);
  await pushState(platform, agent._id, { call: saved });
  return toCallView(saved, undefined, signedRecordingLink(platform, agent._id.toHexString()));
}

export async function callOwnedBy(platform: Platform, agent: UserDoc, callId: string): Promise<CallDoc> {
  return ownCall(platform, agent, callId);
}

/** `GET /api/dialer/state`. */
export async function dialerState(
  platform: Platform,
  agent: UserDoc,
  access: Pick<AccessSession, 'expiresAt'>,
): Promise<DialerState> {
  const session = await loadDialQueue(platform.db, agent._id, platform.clock.now());
  const call = (await findLiveCall(platform.db, agent._id)) ?? (await findLatestCall(platform.db, agent._id));
  const ice = platform.phone.media
    ? browserIceServers(platform.config.sip.browserIce, agent._id.toHexString(), platform.clock.now(), access)
    : undefined;
  return {
    phone: phoneView(platform, session.phone.status),
    ...(ice
      ? { iceServers: ice.servers, ...(ice.expiresAt ? { iceServersExpireAt: ice.expiresAt.toISOString() } : {}) }
      : {}),
    call: call ? toCallView(call, undefined, signedRecordingLink(platform, agent._id.toHexString())) : null,
    queue: toQueueView(session),
    callsToday: await countCallsSince(platform.db, agent._id, startOfUtcDay(platform.clock.now())),
    callsPerDay: PLAN_LIMITS.callsPerDay,
  };
}
