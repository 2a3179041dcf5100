import { ObjectId } from 'mongodb';
import type { CoachingAuditList } from '../../../shared/schemas/coaching/audit.js';
import { coachingMessages } from '../../../shared/schemas/coaching/messages.js';
import type {
  CoachBasis,
  CoachingIndicator,
  CoachingSession,
  ListenableCall,
  ListenableCalls,
  MonitorMode,
} from '../../../shared/schemas/coaching/sessions.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { campaignNames, findCampaignById, listCampaignIdsOwnedBy } from '../campaigns/public.js';
import { readOnlyCalls, type CallDoc } from '../dialer/public.js';
import { downlineOf, uplinesOf, userNames, type UserDoc } from '../users/public.js';
import { emitCoachingEnded, emitCoachingIndicator } from './events.js';
import {
  endSession,
  findOpenSession,
  findOpenSessionOf,
  insertAuditLine,
  insertSession,
  openSessionsOfAgent,
  openSessionsOfCall,
  recentAuditLines,
  setSessionMode,
  type CoachingSessionDoc,
} from './repository.js';

/** How far up the recruiting tree a team lead may listen: the levels the team page shows (1-3). */
const UPLINE_LEVELS = 3;
/** Most live calls one listing shows. */
const LISTED_CALLS_CAP = 200;

type Via = 'http' | 'socket';

/**
 * Why `coach` may be on `call`, or null: the agent's upline at levels 1-3, the owner of the call's campaign, an admin.
 * Nobody else, and never on one's own call. Checked again at every mode change (the tree or the campaign can change).
 */
async function coachBasis(platform: Platform, coach: UserDoc, call: CallDoc): Promise<CoachBasis | null> {
  if (call.agentId.equals(coach._id)) return null;
  const [uplines, campaign] = await Promise.all([
    uplinesOf(platform, call.agentId, UPLINE_LEVELS),
    call.campaignId ? findCampaignById(platform.db, call.campaignId) : null,
  ]);
  if (uplines.some((id) => id.equals(coach._id))) return 'upline';
  if (campaign?.ownerId?.equals(coach._id)) return 'owner';
  return coach.role === 'admin' ? 'admin' : null;
}

/** The agent's answered call that is still up: the only kind a coach can join. */
async function liveCallOf(platform: Platform, agentId: ObjectId): Promise<CallDoc | null> {
  const [call] = await readOnlyCalls(platform.db).find({ agentId, live: true, state: 'connected' }).limit(1).toArray();
  return call ?? null;
}

async function refuse(
  platform: Platform,
  coach: UserDoc,
  via: Via,
  detail: { call?: CallDoc | null; agentId?: ObjectId; mode?: MonitorMode },
): Promise<never> {
  await insertAuditLine(platform.db, {
    at: platform.clock.now(),
    action: 'refused',
    actorId: coach._id,
    ...(detail.agentId || detail.call ? { agentId: detail.call?.agentId ?? detail.agentId } : {}),
    ...(detail.call ? { callId: detail.call._id } : {}),
    ...(detail.call?.campaignId ? { campaignId: detail.call.campaignId } : {}),
    ...(detail.mode ? { mode: detail.mode } : {}),
    via,
  });
  throw forbidden(coachingMessages.refused);
}

/**
 * Joins `coach` to the agent's live call in Listen mode, with the coach's WebRTC offer where the provider carries audio
 * (the answer is in `sdp`); the simulator's calls have none, so its coaches join without an offer and get no `sdp`.
 */
export async function startListening(
  platform: Platform,
  coach: UserDoc,
  request: { agentId: string; sdp?: string },
  via: Via,
): Promise<CoachingSession> {
  const agentId = new ObjectId(request.agentId);
  if (agentId.equals(coach._id)) throw forbidden(coachingMessages.ownCall);
  const call = await liveCallOf(platform, agentId);
  // Refused before anything else is said about the agent: whether they are on a call is the team's business.
  const [basis, previous] = call
    ? await Promise.all([coachBasis(platform, coach, call), findOpenSessionOf(platform.db, call._id, coach._id)])
    : [null, null];
  if (!call || !basis) {
    if (!call && (await mayWatchAgent(platform, coach, agentId))) throw conflict(coachingMessages.noLiveCall);
    return refuse(platform, coach, via, { call, agentId });
  }
  const monitoring = platform.phone.monitoring;
  if (!monitoring) throw conflict(coachingMessages.unavailable);
  if (monitoring.media && !request.sdp) throw badRequest(coachingMessages.offerMissing);
  if (previous) await closeSession(platform, previous, 'leave', via);
  let answer: string | null;
  try {
    answer = await monitoring.join({
      callId: call._id.toHexString(),
      coachId: coach._id.toHexString(),
      ...(monitoring.media && request.sdp ? { offer: request.sdp } : {}),
      mode: 'listen',
    });
  } catch (error) {
    platform.log.warn({ err: error, callId: String(call._id) }, 'coach not joined to the call');
    throw conflict(coachingMessages.joinFailed);
  }
  // Stored, audited and told to the agent side by side: the coach's connection waits for this answer.
  const now = platform.clock.now();
  const [session, names] = await Promise.all([
    insertSession(platform.db, {
      callId: call._id,
      agentId: call.agentId,
      coachId: coach._id,
      ...(call.campaignId ? { campaignId: call.campaignId } : {}),
      basis,
      mode: 'listen',
      startedAt: now,
    }),
    userNames(platform.db, [call.agentId]),
  ]);
  await Promise.all([audit(platform, session, 'join', via), pushIndicator(platform, call.agentId)]);
  return { ...sessionView(session, names.get(String(call.agentId)) ?? ''), ...(answer ? { sdp: answer } : {}) };
}

/** Whether the coach could listen to this agent's calls at all (so "not on a call" is not told to a stranger). */
async function mayWatchAgent(platform: Platform, coach: UserDoc, agentId: ObjectId): Promise<boolean> {
  if (coach.role === 'admin') return true;
  const uplines = await uplinesOf(platform, agentId, UPLINE_LEVELS);
  return uplines.some((id) => id.equals(coach._id));
}

/** Listen, whisper or barge on the same connection; only the session's own coach, still authorised. */
export async function changeMode(
  platform: Platform,
  coach: UserDoc,
  sessionId: string,
  mode: MonitorMode,
  via: Via,
): Promise<CoachingSession> {
  const session = await ownSession(platform, coach, sessionId, via, mode);
  const call = await liveCallOf(platform, session.agentId);
  if (!call?._id.equals(session.callId)) {
    await closeSession(platform, session, 'call-ended', 'server');
    throw conflict(coachingMessages.sessionGone);
  }
  const basis = await coachBasis(platform, coach, call);
  if (!basis) {
    await closeSession(platform, session, 'leave', via);
    return refuse(platform, coach, via, { call, mode });
  }
  await platform.phone.monitoring?.setMode(String(session.callId), String(session.coachId), mode);
  await setSessionMode(platform.db, session._id, mode);
  const changed = { ...session, mode, basis };
  await audit(platform, changed, 'mode', via);
  await pushIndicator(platform, session.agentId);
  const names = await userNames(platform.db, [session.agentId]);
  return sessionView(changed, names.get(String(session.agentId)) ?? '');
}

export async function stopListening(platform: Platform, coach: UserDoc, sessionId: string, via: Via): Promise<void> {
  const session = await ownSession(platform, coach, sessionId, via);
  await closeSession(platform, session, 'leave', via);
}

/** The coach's own open session; anyone else's (or a made-up id) is refused and audited. */
async function ownSession(
  platform: Platform,
  coach: UserDoc,
  sessionId: string,
  via: Via,
  mode?: MonitorMode,
): Promise<CoachingSessionDoc> {
  const session = ObjectId.isValid(sessionId) ? await findOpenSession(platform.db, new ObjectId(sessionId)) : null;
  if (!session) throw notFound(coachingMessages.sessionGone);
  if (!session.coachId.equals(coach._id)) {
    const [call] = await readOnlyCalls(platform.db).find({ _id: session.callId }).limit(1).toArray();
    return refuse(platform, coach, via, { call, agentId: session.agentId, ...(mode ? { mode } : {}) });
  }
  return session;
}

async function closeSession(
  platform: Platform,
  session: CoachingSessionDoc,
  action: 'leave' | 'call-ended',
  via: Via | 'server',
): Promise<void> {
  if (!(await endSession(platform.db, session._id, platform.clock.now()))) return;
  if (action === 'leave')
    await platform.phone.monitoring?.leave(String(session.callId), String(session.coachId)).catch(() => undefined);
  await audit(platform, session, action, via);
  emitCoachingEnded(platform, String(session.coachId), String(session._id));
  await pushIndicator(platform, session.agentId);
}

/** The call ended: its coaches are off it (the provider already dropped their audio with the call's relay). */
export async function endSessionsOfCall(platform: Platform, callId: string): Promise<void> {
  if (!ObjectId.isValid(callId)) return;
  for (const session of await openSessionsOfCall(platform.db, new ObjectId(callId)))
    await closeSession(platform, session, 'call-ended', 'server');
}

async function audit(
  platform: Platform,
  session: CoachingSessionDoc,
  action: 'join' | 'mode' | 'leave' | 'call-ended',
  via: Via | 'server',
): Promise<void> {
  await insertAuditLine(platform.db, {
    at: platform.clock.now(),
    action,
    actorId: session.coachId,
    agentId: session.agentId,
    callId: session.callId,
    ...(session.campaignId ? { campaignId: session.campaignId } : {}),
    sessionId: session._id,
    mode: session.mode,
    basis: session.basis,
    via,
  });
}

/** Who is on the agent's call now (the agent's own panel reads it on load; pushes keep it current). */
export async function indicatorOf(platform: Platform, agentId: ObjectId): Promise<CoachingIndicator> {
  const sessions = await openSessionsOfAgent(platform.db, agentId);
  return {
    callId: sessions[0] ? String(sessions[0].callId) : null,
    coaches: sessions.map((session) => ({ basis: session.basis, mode: session.mode })),
  };
}

async function pushIndicator(platform: Platform, agentId: ObjectId): Promise<void> {
  emitCoachingIndicator(platform, String(agentId), await indicatorOf(platform, agentId));
}

function sessionView(session: CoachingSessionDoc, agentName: string): CoachingSession {
  return {
    sessionId: String(session._id),
    callId: String(session.callId),
    agentId: String(session.agentId),
    agentName,
    mode: session.mode,
  };
}

/**
 * Live calls the viewer may listen to: their downline's (levels 1-3), their campaigns', every call for an admin; and
 * how a coach hears them (`media`), so the client opens the microphone only where the calls carry audio.
 */
export async function listenableCalls(platform: Platform, viewer: UserDoc): Promise<ListenableCalls> {
  const media = platform.phone.monitoring?.media;
  return { calls: await callsToListenTo(platform, viewer), ...(media ? { media } : {}) };
}

async function callsToListenTo(platform: Platform, viewer: UserDoc): Promise<ListenableCall[]> {
  const downline = await downlineOf(platform, viewer._id, UPLINE_LEVELS);
  const levels = new Map(downline.map((member) => [String(member._id), member.level]));
  const owned = viewer.role === 'admin' ? [] : await listCampaignIdsOwnedBy(platform.db, viewer._id);
  const scope =
    viewer.role === 'admin'
      ? {}
      : { $or: [{ agentId: { $in: downline.map((member) => member._id) } }, { campaignId: { $in: owned } }] };
  const calls = await readOnlyCalls(platform.db)
    .find({ live: true, state: 'connected', agentId: { $ne: viewer._id }, ...scope })
    .sort({ connectedAt: 1 })
    .limit(LISTED_CALLS_CAP)
    .toArray();
  const names = await userNames(
    platform.db,
    calls.map((call) => call.agentId),
  );
  const ownedIds = new Set(owned.map(String));
  return calls.map((call) => {
    const level = levels.get(String(call.agentId));
    const basis: CoachBasis = level
      ? 'upline'
      : call.campaignId && ownedIds.has(String(call.campaignId))
        ? 'owner'
        : 'admin';
    return {
      callId: String(call._id),
      agentId: String(call.agentId),
      agentName: names.get(String(call.agentId)) ?? '',
      ...(level ? { level } : {}),
      basis,
      ...(call.campaignName ? { campaignName: call.campaignName } : {}),
      ...(call.connectedAt ? { connectedAt: call.connectedAt.toISOString() } : {}),
    };
  });
}

/** The audit log: an admin reads every line, a campaign owner the lines of their campaigns' calls. */
export async function coachingAudit(platform: Platform, viewer: UserDoc, limit = 100): Promise<CoachingAuditList> {
  const owned = viewer.role === 'admin' ? undefined : await listCampaignIdsOwnedBy(platform.db, viewer._id);
  const lines = await recentAuditLines(platform.db, owned, limit);
  const names = await userNames(
    platform.db,
    lines.flatMap((line) => [line.actorId, ...(line.agentId ? [line.agentId] : [])]),
  );
  const campaignIds = lines.flatMap((line) => (line.campaignId ? [line.campaignId] : []));
  const campaigns = new Map(
    (campaignIds.length ? await campaignNames(platform.db, campaignIds) : []).map((c) => [String(c._id), c.name]),
  );
  return {
    items: lines.map((line) => ({
      id: String(line._id),
      at: line.at.toISOString(),
      action: line.action,
      actorId: String(line.actorId),
      actorName: names.get(String(line.actorId)) ?? '',
      ...(line.agentId ? { agentId: String(line.agentId), agentName: names.get(String(line.agentId)) ?? '' } : {}),
      ...(line.callId ? { callId: String(line.callId) } : {}),
      ...(line.campaignId && campaigns.get(String(line.campaignId))
        ? { campaignName: campaigns.get(String(line.campaignId)) }
        : {}),
      ...(line.mode ? { mode: line.mode } : {}),
      ...(line.basis ? { basis: line.basis } : {}),
      via: line.via,
    })),
  };
}
