import { ObjectId } from 'mongodb';
import { ErrorReasons } from '../../../shared/errors.js';
import {
  INBOUND_RING_MS,
  InboundMessages,
  VOICEMAIL_MAX_MS,
  type CampaignInboundNumber,
  type InboundCallView,
} from '../../../shared/schemas/dialer/inbound.js';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import type { Platform } from '../../platform/context.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { InboundCalls, InboundOffer } from '../../platform/telephony/phone-provider.js';
import { voicemailGreeting } from '../../platform/telephony/voicemail-greeting.js';
import type { Stop } from '../feature.js';
import { findCampaignById, listMemberUserIds, type CampaignDoc } from '../campaigns/public.js';
import {
  assigneeNames,
  emitLeadUpdated,
  findLatestLeadByPhone,
  findLeadById,
  insertLeads,
  toLeadItem,
  updateLead,
  type LeadDoc,
} from '../leads/public.js';
import { notify } from '../notifications/public.js';
import type { UserDoc } from '../users/public.js';
import { emitInboundRinging, emitInboundUpdated } from './events.js';
import {
  campaignOfInboundNumber,
  dropRingingAgent,
  findInboundByProviderId,
  findInboundCall,
  inboundNumberOf,
  insertInboundCall,
  moveInboundCall,
  type InboundCallDoc,
} from './inbound-repository.js';
import { pushState, applyEvent } from './lifecycle.js';
import { startCall as startCallRule } from './machine.js';
import { messagesFor } from './provider.js';
import { recordingWav } from './recording.js';
import { storeRecording } from './recording-store.js';
import { findLiveCall, insertCall, loadDialQueue, type CallDoc } from './repository.js';
import { announceAvailability, availableAgents } from './transfer-availability.js';

/**
 * A lead calling back on their campaign's number (docs/telephony.md, "Lead calls back"): the lead's assigned agent's
 * panel rings if they can take a call, else every available agent of the campaign at once, each round for 20 s; the
 * first to answer gets the call (a compare-and-set), which is then a call like any other (Call History, recording).
 * Nobody: the caller hears a greeting and leaves a message, stored as a recorded voicemail call on the lead's agent,
 * with a notification and a "Call back" task on the calendar. A caller no lead of the campaign has is a new lead of it.
 */

/** The round timers of the callers this process holds, so an answer or a decline stops them. */
const roundTimers = new Map<string, NodeJS.Timeout>();

export function startInboundCalls(platform: Platform): Stop {
  const inbound = platform.phone.inbound;
  if (!inbound) return () => undefined;
  const fail = (error: unknown) => platform.log.error({ err: error }, 'inbound call not handled');
  const stops = [
    inbound.onOffered((offer) => void takeCall(platform, inbound, offer).catch(fail)),
    inbound.onAbandoned((id) => void callerHungUp(platform, id).catch(fail)),
  ];
  return () => {
    for (const stop of stops) stop();
    for (const timer of roundTimers.values()) clearTimeout(timer);
    roundTimers.clear();
  };
}

/** `GET /api/dialer/campaigns/:id/inbound-number`: the campaign's owner and admins see it (and give it to leads). */
export async function campaignInboundNumber(
  platform: Platform,
  user: UserDoc,
  campaignId: string,
): Promise<CampaignInboundNumber> {
  const campaign = await findCampaignById(platform.db, new ObjectId(campaignId));
  if (!campaign) throw notFound('Campaign not found.');
  if (user.role !== 'admin' && !campaign.ownerId?.equals(user._id))
    throw forbidden('Only the campaign owner can see this.');
  return { campaignId, number: await inboundNumberOf(platform.db, campaign._id, platform.clock.now()) };
}

async function takeCall(platform: Platform, inbound: InboundCalls, offer: InboundOffer): Promise<void> {
  const campaignId = await campaignOfInboundNumber(platform.db, offer.to);
  const campaign = campaignId ? await findCampaignById(platform.db, campaignId) : null;
  if (!campaign) {
    platform.log.info({ to: offer.to }, InboundMessages.noCampaignNumber);
    return inbound.reject(offer.inboundId);
  }
  const lead = await leadOfCaller(platform, campaign, offer.from);
  const now = platform.clock.now();
  const doc: InboundCallDoc = {
    _id: new ObjectId(),
    providerInboundId: offer.inboundId,
    ...(platform.phone.sessionNode ? { node: platform.phone.sessionNode } : {}),
    campaignId: campaign._id,
    campaignName: campaign.name,
    leadId: lead._id,
    leadName: lead.name,
    from: offer.from,
    to: offer.to,
    state: 'assigned',
    round: 0,
    ringing: [],
    rang: [],
    expiresAt: now,
    createdAt: now,
  };
  await insertInboundCall(platform.db, doc);
  const assignee = lead.assignedTo ?? undefined;
  const [free] = assignee ? await availableAgents(platform, [assignee]) : [];
  if (free) await ringRound(platform, doc, 'assigned', [free]);
  else await ringCampaign(platform, doc);
}

/** The caller's lead in the campaign, or a new lead of it (unassigned, in the pool) for a number it does not have. */
async function leadOfCaller(platform: Platform, campaign: CampaignDoc, from: string): Promise<LeadDoc> {
  const phones = [from, `1${from}`, `+1${from}`];
  // Another campaign's leads are not this caller: only the campaign's own leads count.
  const known = await findLatestLeadByPhone(platform.db, phones, {
    assignedTo: new ObjectId(),
    campaignIds: [campaign._id],
  });
  if (known) return known;
  const now = platform.clock.now();
  const lead: LeadDoc = {
    _id: new ObjectId(),
    campaignId: campaign._id,
    name: InboundMessages.newCaller(formatPhone(from)),
    phone: from,
    source: 'Inbound call',
    leadType: 'Individual',
    details: {},
    assignedTo: null,
    disposition: 'New',
    stage: 'New',
    pool: true,
    history: [{ at: now, change: 'Called the campaign number' }],
    createdAt: now,
    updatedAt: now,
  };
  const refused = await insertLeads(platform.db, [lead]);
  if (refused.size > 0) {
    // Inserted meanwhile by the same caller's other call: take that one.
    const raced = await findLatestLeadByPhone(platform.db, phones, {
      assignedTo: new ObjectId(),
      campaignIds: [campaign._id],
    });
    if (raced) return raced;
  }
  return lead;
}

/** The campaign's available agents (not those it already rang) all ring at once; nobody: voicemail. */
async function ringCampaign(platform: Platform, call: InboundCallDoc): Promise<void> {
  const members = await listMemberUserIds(platform.db, call.campaignId);
  const candidates = members.filter((id) => !call.rang.some((rang) => rang.equals(id)));
  const free = await availableAgents(platform, candidates);
  if (free.length > 0) await ringRound(platform, call, 'campaign', free);
  else await takeVoicemail(platform, call);
}

async function ringRound(
  platform: Platform,
  call: InboundCallDoc,
  state: 'assigned' | 'campaign',
  agents: ObjectId[],
): Promise<void> {
  const expiresAt = new Date(platform.clock.now().getTime() + INBOUND_RING_MS);
  const moved = await moveInboundCall(
    platform.db,
    call._id,
    { states: ['assigned', 'campaign'], round: call.round },
    { state, round: call.round + 1, ringing: agents, expiresAt },
    agents,
  );
  if (!moved) return;
  const view = await inboundView(platform, moved);
  emitInboundRinging(platform, agents.map(String), view);
  await announceAvailability(platform, agents);
  const key = moved._id.toHexString();
  clearTimeout(roundTimers.get(key));
  roundTimers.set(
    key,
    setTimeout(() => {
      roundTimers.delete(key);
      void nextRound(platform, moved).catch((error) =>
        platform.log.error({ err: error, inboundId: key }, 'inbound call not moved on'),
      );
    }, INBOUND_RING_MS),
  );
}

/** The round lapsed or everyone in it declined: the campaign's agents after the assigned agent, then voicemail. */
async function nextRound(platform: Platform, call: InboundCallDoc): Promise<void> {
  const current = await findInboundCall(platform.db, call._id);
  if (!current || current.round !== call.round || !['assigned', 'campaign'].includes(current.state)) return;
  emitInboundUpdated(platform, current.ringing.map(String), {
    ...(await inboundView(platform, current)),
    state: 'campaign',
  });
  if (current.state === 'assigned') await ringCampaign(platform, current);
  else await takeVoicemail(platform, current);
}

/** `POST /api/dialer/inbound/:id/answer`: the first agent to answer gets the caller, bridged into their line. */
export async function answerInbound(platform: Platform, agent: UserDoc, id: string): Promise<InboundCallView> {
  const inbound = platform.phone.inbound;
  if (!inbound) throw conflict(InboundMessages.unsupported).because(ErrorReasons.inboundUnsupported);
  const call = await findInboundCall(platform.db, new ObjectId(id));
  if (!call) throw notFound(InboundMessages.notFound);
  if (!call.rang.some((rang) => rang.equals(agent._id))) throw forbidden(InboundMessages.notRingingYou);
  const [session, live] = await Promise.all([
    loadDialQueue(platform.db, agent._id, platform.clock.now()),
    findLiveCall(platform.db, agent._id),
  ]);
  const rule = startCallRule(
    { phone: call.from, phoneStatus: session.phone.status, liveCall: live },
    platform.phone.displayName,
    platform.clock,
  );
  if (!rule.ok) {
    const refused = conflict(rule.error);
    throw rule.reason ? refused.because(rule.reason) : refused;
  }
  // The caller's SIP leg lives in the process that took the INVITE: only it can bridge it.
  if (call.node && call.node !== platform.phone.sessionNode)
    throw conflict(InboundMessages.phoneNotReady).because(ErrorReasons.inboundPhoneNotReady);
  const callId = new ObjectId();
  const answered = await moveInboundCall(
    platform.db,
    call._id,
    { states: ['assigned', 'campaign'], ringing: agent._id },
    { state: 'answered', ringing: [], answeredBy: agent._id, callId, endedAt: platform.clock.now() },
  );
  if (!answered) throw conflict(InboundMessages.gone).because(ErrorReasons.inboundGone);
  clearTimeout(roundTimers.get(id));
  roundTimers.delete(id);
  const doc: CallDoc = {
    _id: callId,
    agentId: agent._id,
    ...callerParts(call),
    ...rule.value,
    notes: '',
    live: true,
    autoDialed: false,
    provider: platform.phone.displayName,
    version: 1,
    ...(platform.phone.sessionNode ? { phoneNode: platform.phone.sessionNode } : {}),
  };
  const inserted = await insertCall(platform.db, doc);
  if (inserted !== 'inserted') {
    // The agent's line or the lead was taken between the checks and now: nobody else is ringing, so voicemail.
    await takeVoicemail(platform, { ...answered, state: 'campaign' }, true);
    throw conflict(messagesFor(platform).callInProgress).because(ErrorReasons.callInProgress);
  }
  try {
    await platform.phone.makeCall({
      callId: callId.toHexString(),
      agentId: agent._id.toHexString(),
      phone: call.from,
      inboundId: call.providerInboundId,
    });
  } catch (error) {
    platform.log.error({ err: error, callId }, 'inbound call could not be bridged');
    await applyEvent(platform, callId, { type: 'failed' });
    await applyEvent(platform, callId, { type: 'idle' });
    throw new AppError('UNAVAILABLE', messagesFor(platform).callFailed).because(ErrorReasons.callFailed);
  }
  await pushState(platform, agent._id, { call: doc, phoneStatus: session.phone.status });
  const view = await inboundView(platform, answered);
  emitInboundUpdated(platform, answered.rang.map(String), view);
  await noteOnLead(platform, call.leadId, InboundMessages.inboundHistory(agent.name), agent._id);
  await announceAvailability(platform, answered.rang);
  return view;
}

/** `POST /api/dialer/inbound/:id/decline`: this panel stops ringing; the last to decline moves the call on. */
export async function declineInbound(platform: Platform, agent: UserDoc, id: string): Promise<InboundCallView> {
  const call = await findInboundCall(platform.db, new ObjectId(id));
  if (!call) throw notFound(InboundMessages.notFound);
  if (!call.ringing.some((ringing) => ringing.equals(agent._id))) throw forbidden(InboundMessages.notRingingYou);
  const after = (await dropRingingAgent(platform.db, call._id, agent._id)) ?? call;
  const view = await inboundView(platform, after);
  emitInboundUpdated(platform, [agent._id.toHexString()], view);
  await announceAvailability(platform, [agent._id]);
  if (after.ringing.length === 0 && (after.state === 'assigned' || after.state === 'campaign')) {
    clearTimeout(roundTimers.get(id));
    roundTimers.delete(id);
    await nextRound(platform, after);
  }
  return view;
}

async function callerHungUp(platform: Platform, providerInboundId: string): Promise<void> {
  const call = await findInboundByProviderId(platform.db, providerInboundId);
  if (!call) return;
  const gone = await moveInboundCall(
    platform.db,
    call._id,
    { states: ['assigned', 'campaign'] },
    { state: 'abandoned', ringing: [], endedAt: platform.clock.now() },
  );
  if (!gone) return;
  clearTimeout(roundTimers.get(call._id.toHexString()));
  roundTimers.delete(call._id.toHexString());
  emitInboundUpdated(platform, gone.rang.map(String), await inboundView(platform, gone));
  await noteOnLead(platform, call.leadId, 'Called in and hung up before anyone answered');
  await announceAvailability(platform, call.ringing);
}

/**
 * Nobody took the call: the greeting, then the caller's message (up to 60 s), stored as a recorded voicemail call on
 * the lead's agent (the campaign owner when the lead has none), with a notification and a "Call back" task.
 */
async function takeVoicemail(platform: Platform, call: InboundCallDoc, alreadyAnswered = false): Promise<void> {
  const inbound = platform.phone.inbound!;
  if (!alreadyAnswered) {
    const moved = await moveInboundCall(
      platform.db,
      call._id,
      { states: ['assigned', 'campaign'], round: call.round },
      { state: 'voicemail', ringing: [] },
    );
    if (!moved) return;
    if (call.ringing.length) emitInboundUpdated(platform, moved.rang.map(String), await inboundView(platform, moved));
  }
  const greeting = await voicemailGreeting();
  const startedAt = platform.clock.now();
  const left = await inbound.voicemail(call.providerInboundId, { greeting, maxMs: VOICEMAIL_MAX_MS });
  const endedAt = platform.clock.now();
  const [lead, campaign] = await Promise.all([
    findLeadById(platform.db, call.leadId),
    findCampaignById(platform.db, call.campaignId),
  ]);
  const agentId = lead?.assignedTo ?? campaign?.ownerId;
  if (!agentId) return void platform.log.warn({ inboundId: call._id }, 'voicemail with nobody to give it to');
  const callId = new ObjectId();
  const wav = left.wav ?? (platform.phone.recording ? null : recordingWav(left.seconds, call.from));
  if (wav) await storeRecording(platform.db, callId, agentId, wav);
  const voicemail: CallDoc = {
    _id: callId,
    agentId,
    ...callerParts(call),
    state: 'idle',
    status: 'voicemail',
    reached: 'voicemail',
    muted: false,
    startedAt: call.createdAt,
    connectedAt: startedAt,
    endedAt,
    idleAt: endedAt,
    duration: left.seconds,
    timeline: [
      { state: 'calling', at: call.createdAt },
      { state: 'connected', at: startedAt, reason: 'voicemail' },
      { state: 'ended', at: endedAt, reason: 'callee' },
      { state: 'idle', at: endedAt },
    ],
    endedBy: 'lead',
    notes: '',
    autoDialed: false,
    provider: platform.phone.displayName,
    version: 1,
    ...(wav ? { recordingId: callId } : {}),
  };
  await insertCall(platform.db, voicemail);
  await moveInboundCall(platform.db, call._id, { states: ['voicemail', 'campaign'] }, { callId, endedAt });
  const name = call.leadName;
  await notify(platform, agentId, {
    type: 'voicemail',
    title: InboundMessages.voicemailTitle(name),
    body: InboundMessages.voicemailBody(left.seconds),
    link: '/dashboard/calls',
    key: `voicemail-${callId.toHexString()}`,
  });
  const updated = await updateLead(
    platform.db,
    call.leadId,
    { nextAction: InboundMessages.callBack(name), nextActionDate: endedAt, updatedAt: endedAt },
    [],
    [{ at: endedAt, change: InboundMessages.voicemailHistory(left.seconds) }],
  );
  if (updated) await leadChanged(platform, updated);
}

/** What an inbound call's record says of its caller, answered or a voicemail. */
function callerParts(call: InboundCallDoc) {
  return {
    leadId: call.leadId,
    phone: formatPhone(call.from),
    phoneDigits: call.from,
    name: call.leadName,
    campaignId: call.campaignId,
    campaignName: call.campaignName,
    direction: 'inbound' as const,
  };
}

async function noteOnLead(platform: Platform, leadId: ObjectId, change: string, by?: ObjectId): Promise<void> {
  const now = platform.clock.now();
  const updated = await updateLead(
    platform.db,
    leadId,
    { updatedAt: now },
    [],
    [{ at: now, change, ...(by ? { by } : {}) }],
  );
  if (updated) await leadChanged(platform, updated);
}

/** The lead's agent and the campaign's owner see the lead's new history line (and task) live. */
async function leadChanged(platform: Platform, lead: LeadDoc): Promise<void> {
  const campaign = await findCampaignById(platform.db, lead.campaignId);
  if (!campaign) return;
  const audience = [lead.assignedTo, campaign.ownerId].filter((id): id is ObjectId => Boolean(id));
  emitLeadUpdated(
    platform,
    audience.map((id) => id.toHexString()),
    toLeadItem(lead, campaign, await assigneeNames(platform.db, [lead])),
  );
}

async function inboundView(platform: Platform, call: InboundCallDoc): Promise<InboundCallView> {
  const lead = await findLeadById(platform.db, call.leadId);
  return {
    id: call._id.toHexString(),
    state: call.state,
    expiresAt: call.expiresAt.toISOString(),
    campaignName: call.campaignName,
    ...(call.callId ? { callId: call.callId.toHexString() } : {}),
    lead: {
      id: call.leadId.toHexString(),
      name: lead?.name ?? call.leadName,
      phone: formatPhone(call.from),
      notes: lead?.notes ?? '',
    },
  };
}
