import { ObjectId } from 'mongodb';
import type { LeadDisposition } from '../../../shared/constants.js';
import { Jobs, type AutoDialJob } from '../../../shared/queues.js';
import type { CallNotice, PhoneView } from '../../../shared/schemas/dialer/state.js';
import { ErrorReasons } from '../../../shared/errors.js';
import type { Platform } from '../../platform/context.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { updateLeadFor } from '../leads/public.js';
import { emitTeamActivity } from '../team/public.js';
import { findUserById } from '../users/public.js';
import { DialerRuleMessages } from '../../../shared/schemas/dialer/messages.js';
import { emitCallState, emitPhoneAnswer, emitPhoneCandidate } from './events.js';
import { refreshCallInsights } from './insights-refresh.js';
import { callTransition, phoneTransition, type CallCommand, type CallSnapshot, type PhoneCommand } from './machine.js';
import type { CallProgress, ProviderEvent } from '../../platform/telephony/phone-provider.js';
import { deskHungUp } from './desk-transfer-state.js';
import { signedRecordingLink, toCallView } from './present.js';
import { messagesFor, phoneView } from './provider.js';
import { recordingWav } from './recording.js';
import { storeRecording } from './recording-store.js';
import { announceAvailability } from './transfer-availability.js';
import { callEndedForTransfers } from './transfer-state.js';
import {
  applyCallTransition,
  findCall,
  findLatestCall,
  findLiveCall,
  loadDialQueue,
  addLeadKey,
  markCallRecorded,
  setCallDialog,
  setCallRecording,
  updateDialQueue,
  type CallDoc,
} from './repository.js';
import { enqueue } from '../../platform/queues.js';

/**
 * What happens to a call after it started: provider events applied as transitions (persisted, pushed),
 * the end of a call (lead outcome, uplines, auto-dial's next call), and the phone session's steps.
 */

export async function movePhone(
  platform: Platform,
  agentId: ObjectId,
  command: PhoneCommand,
): Promise<{ status: PhoneView['status']; changed: boolean }> {
  const provider = platform.phone;
  for (let attempt = 0; attempt < 5; attempt++) {
    const session = await loadDialQueue(platform.db, agentId, platform.clock.now());
    const result = phoneTransition(session.phone.status, command, provider.displayName);
    if (!result.ok) throw conflict(result.error);
    if (!result.changed) return { status: result.value, changed: false };
    // Written by the process that runs the provider's step, i.e. the one holding (or now starting) the session.
    const phone = {
      status: result.value,
      at: platform.clock.now(),
      ...(provider.sessionNode ? { node: provider.sessionNode } : {}),
    };
    const saved = await updateDialQueue(
      platform.db,
      agentId,
      { 'phone.status': session.phone.status },
      { phone },
      [],
      false,
    );
    if (saved) return { status: result.value, changed: true };
  }
  throw conflict(messagesFor(platform).initFailed).because(ErrorReasons.phoneInitFailed);
}

/**
 * An ended call frees the line 1 s after its end (the provider's idle step). When that step is late
 * (a busy worker) or a dial comes first, the dial applies it itself once it is due (waiting at most
 * `maxWaitMs`), instead of being refused; the provider's step is then a no-op. True when the line is free.
 */
export async function freeLineWhenDue(
  platform: Platform,
  call: CallDoc,
  maxWaitMs: number = AUTO_DIAL_LEAD_MS,
): Promise<boolean> {
  if (call.state !== 'ended' || !call.endedAt) return false;
  const due = call.endedAt.getTime() + platform.phone.timings.idleMs - platform.clock.now().getTime();
  if (due > maxWaitMs) return false;
  if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  const after = await applyEvent(platform, call._id, { type: 'idle' });
  return after.state === 'idle';
}

// --- provider events -----------------------------------------------------------------------------

/**
 * Applies one call command with a conditional write on the state it was read in; retried when
 * another step won the race. Throws the machine's error (e.g. "No active call to end").
 */
export async function applyEvent(platform: Platform, callId: ObjectId, command: CallCommand): Promise<CallDoc> {
  const provider = platform.phone;
  for (let attempt = 0; attempt < 5; attempt++) {
    const call = await findCall(platform.db, callId);
    if (!call) throw notFound(DialerRuleMessages.callNotFound);
    const result = callTransition(call, command, provider.displayName, platform.clock);
    if (!result.ok) throw conflict(result.error);
    if (!result.changed) return call;
    const next: CallSnapshot = result.value;
    // A call its campaign said not to record (recording-consent.ts) has no recording, whatever the provider.
    const recordedEnd = next.state === 'ended' && next.status === 'answered' && !call.recordingOff;
    // The simulator's recording is made here; a provider that records real calls hands its file over after the end.
    if (recordedEnd && !provider.recording)
      await storeRecording(platform.db, call._id, call.agentId, recordingWav(next.duration, call.phoneDigits));
    const added = next.timeline.slice(call.timeline.length);
    const saved = await applyCallTransition(
      platform.db,
      call._id,
      call.state,
      call.muted,
      next,
      added,
      recordedEnd && !provider.recording ? { recordingId: call._id } : {},
      Boolean(call.held),
    );
    if (!saved) continue;
    await afterTransition(platform, call, saved);
    if (recordedEnd && provider.recording) void attachRecording(platform, saved);
    return saved;
  }
  throw conflict(messagesFor(platform).callFailed).because(ErrorReasons.callFailed);
}

/**
 * A real call's recording (the SIP provider mixes Janus's files once the call is torn down): stored when ready,
 * without holding up the end of the call (its push, the lead's outcome, auto-dial's next call), then pushed.
 */
async function attachRecording(platform: Platform, call: CallDoc): Promise<void> {
  try {
    const wav = await platform.phone.recording?.(call._id.toHexString());
    if (!wav) return;
    await storeRecording(platform.db, call._id, call.agentId, wav);
    const updated = await setCallRecording(platform.db, call._id);
    if (updated) await pushState(platform, call.agentId, {});
  } catch (error) {
    platform.log.warn({ err: error, callId: call._id }, 'call recording not stored');
  }
}

async function afterTransition(platform: Platform, before: CallDoc, call: CallDoc): Promise<void> {
  const m = messagesFor(platform);
  if (call.state === 'connected' && before.state === 'calling') {
    await pushState(platform, call.agentId, {
      call,
      notice: { code: 'call-connected', message: m.callConnected(call.phone) },
    });
  } else if (call.state === 'ending') {
    await pushState(platform, call.agentId, { call, notice: { code: 'call-ended', message: m.callEnded } });
  } else if (call.state === 'ended') {
    await onCallEnded(platform, call);
  } else {
    await pushState(platform, call.agentId, { call });
    // The agent's line is free: an opener looking for a closer sees them again.
    if (call.state === 'idle') await announceAvailability(platform, [call.agentId]);
  }
}

/** Once per call (the transition to ended happens once): outcome to the lead, uplines, auto-dial, toast. */
async function onCallEnded(platform: Platform, call: CallDoc): Promise<void> {
  const m = messagesFor(platform);
  const failed = call.timeline.at(-1)?.reason === 'failed';
  // The server cut the call itself: the sentence says why, not "completed".
  const cutOff =
    call.endedBy === 'gateway-failure'
      ? DialerRuleMessages.callGatewayFailure
      : call.endedBy === 'agent-lost'
        ? DialerRuleMessages.callAgentLost
        : undefined;
  await pushState(platform, call.agentId, {
    call,
    notice: cutOff
      ? {
          code: 'call-failed',
          message: cutOff,
          ...(call.duration ? { description: m.callCompletedDescription(call.duration) } : {}),
        }
      : failed
        ? { code: 'call-failed', message: m.callFailed }
        : {
            code: 'call-completed',
            message: m.callCompleted(call.phone),
            description: m.callCompletedDescription(call.duration),
          },
  });
  // A transfer still ringing or in conference ends with its call; the opener and closer are told.
  await callEndedForTransfers(platform, call._id).catch((error) =>
    platform.log.warn({ err: error, callId: call._id }, 'transfer of an ended call not settled'),
  );
  await recordOutcomeOnLead(platform, call).catch((error) =>
    platform.log.warn({ err: error, callId: call._id }, 'lead outcome not recorded'),
  );
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

/**
 * Auto-dial: the next queued contact 2 s after the call ended; job id per ended call, so once. Called wherever a call
 * ends: a provider's event, and the sweep that ends the calls of a stopped process.
 */
export async function scheduleNextAutoDial(platform: Platform, call: CallDoc): Promise<void> {
  const session = await loadDialQueue(platform.db, call.agentId, platform.clock.now());
  if (!session.autoDial || !call.endedAt) return;
  const { autoDialDelayMs: delayMs, idleMs } = platform.phone.timings;
  const at = new Date(call.endedAt.getTime() + delayMs);
  const data: AutoDialJob = {
    agentId: call.agentId.toHexString(),
    key: `after-${call._id.toHexString()}`,
    at: at.toISOString(),
  };
  // Never earlier than the line goes idle (1 s after the end at the spec's timings).
  const lead = Math.max(0, Math.min(AUTO_DIAL_LEAD_MS, (delayMs - idleMs) / 2));
  await enqueue(platform.queues.calls, Jobs.calls.autoDial, data, {
    jobId: `next-${call._id.toHexString()}`,
    delay: Math.max(0, at.getTime() - lead - platform.clock.now().getTime()),
  });
}

/**
 * Auto-dial's first call, at once: when it is switched on, or when the phone connects with it on. Runs
 * only with a connected idle dialer and a non-empty queue.
 */
export async function kickAutoDial(platform: Platform, agentId: ObjectId): Promise<void> {
  const queue = await loadDialQueue(platform.db, agentId, platform.clock.now());
  if (!queue.autoDial || queue.phone.status !== 'connected' || queue.contacts.length === 0) return;
  const live = await findLiveCall(platform.db, agentId);
  // A call in progress dials the next contact when it ends; one that just ended frees the line shortly.
  if (live && (live.state !== 'ended' || !live.endedAt)) return;
  const data: AutoDialJob = { agentId: agentId.toHexString(), key: `on-${new ObjectId().toHexString()}` };
  const delay = live?.endedAt
    ? live.endedAt.getTime() + platform.phone.timings.idleMs - platform.clock.now().getTime()
    : 0;
  await enqueue(platform.queues.calls, Jobs.calls.autoDial, data, { jobId: data.key, delay: Math.max(0, delay) });
}

/** A toast pushed with the state: its code (what clients decide on) and the spec's text. */
export interface Notice {
  code: CallNotice;
  message: string;
  description?: string;
}

export async function pushState(
  platform: Platform,
  agentId: ObjectId,
  input: { call?: CallDoc | null; notice?: Notice; phoneStatus?: PhoneView['status'] },
): Promise<void> {
  const phoneStatus =
    input.phoneStatus ?? (await loadDialQueue(platform.db, agentId, platform.clock.now())).phone.status;
  const call =
    input.call !== undefined
      ? input.call
      : ((await findLiveCall(platform.db, agentId)) ?? (await findLatestCall(platform.db, agentId)));
  emitCallState(platform, agentId.toHexString(), {
    phone: phoneView(platform, phoneStatus),
    call: call ? toCallView(call, undefined, signedRecordingLink(platform, agentId.toHexString())) : null,
    ...(input.notice ? { notice: input.notice.code, message: input.notice.message } : {}),
    ...(input.notice?.description ? { description: input.notice.description } : {}),
  });
}

const progressOf = (call: CallDoc): CallProgress => ({
  state: call.state,
  ...(call.reached ? { reached: call.reached } : {}),
  ...(call.connectedAt ? { connectedAt: call.connectedAt } : {}),
  ...(call.endedAt ? { endedAt: call.endedAt } : {}),
});

const ENDING_EVENTS = new Set<ProviderEvent['type']>(['no-answer', 'failed', 'hangup', 'end-complete', 'dropped']);

async function onProviderEvent(platform: Platform, event: ProviderEvent): Promise<CallProgress | null> {
  if (event.type === 'media-answer') {
    emitPhoneAnswer(platform, event.agentId, { offerId: event.offerId, callId: event.callId, sdp: event.sdp });
    return null;
  }
  if (event.type === 'media-candidate') {
    emitPhoneCandidate(platform, event.agentId, { offerId: event.offerId, candidate: event.candidate });
    return null;
  }
  if ('agentId' in event) {
    const agentId = new ObjectId(event.agentId);
    if (event.type === 'initialized') {
      await movePhone(platform, agentId, { type: 'initialized' });
      const { changed } = await movePhone(platform, agentId, { type: 'connect' });
      await pushState(platform, agentId, {});
      if (changed) await platform.phone.connect(event.agentId);
    } else if (event.type === 'gateway-changed') {
      await pushState(platform, agentId, {});
      if (event.reachable) await kickAutoDial(platform, agentId);
    } else if (event.type === 'connected') {
      const { changed } = await movePhone(platform, agentId, { type: 'connected' });
      if (changed) {
        await pushState(platform, agentId, {
          notice: { code: 'phone-connected', message: messagesFor(platform).connected },
        });
        await kickAutoDial(platform, agentId);
        await announceAvailability(platform, [agentId]);
      }
    } else {
      await movePhone(platform, agentId, { type: 'init-failed' });
      await pushState(platform, agentId, {
        notice: { code: 'phone-init-failed', message: messagesFor(platform).initFailed },
      });
    }
    return null;
  }
  const callId = new ObjectId(event.callId);
  if (event.type === 'desk-left') {
    await deskHungUp(platform, callId);
    return null;
  }
  if (event.type === 'dialog-established') {
    await setCallDialog(platform.db, callId, event.dialog);
    return null;
  }
  if (event.type === 'lead-key') {
    const call = await addLeadKey(platform.db, callId, event.key);
    if (call) await pushState(platform, call.agentId, { call });
    return null;
  }
  if (event.type === 'recording-started') {
    const call = await markCallRecorded(platform.db, callId);
    if (call) await pushState(platform, call.agentId, { call });
    return null;
  }
  const { callId: _callId, ...fields } = event;
  const command: CallCommand =
    fields.type === 'mute-changed'
      ? { type: 'mute-applied', muted: fields.muted }
      : fields.type === 'hold-changed'
        ? { type: 'hold-applied', held: fields.held }
        : fields;
  try {
    const call = await applyEvent(platform, callId, command);
    // Also on a re-run of the step (the job id dedupes), so a crash after the write loses no auto-dial.
    if (call.state === 'ended' && ENDING_EVENTS.has(event.type)) {
      await scheduleNextAutoDial(platform, call);
      await refreshCallInsights(platform, call);
    }
    return progressOf(call);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null; // the call is gone (test cleanup)
    throw error;
  }
}

/**
 * Applies this platform's provider events to the stored calls and phone sessions. Called once where the platform
 * is assembled (the API's and a worker process's), so events are handled in whichever process the provider
 * reports them (the simulator: the `calls` worker). Returns the unsubscribe.
 */
export function connectPhoneEvents(platform: Platform): () => void {
  return platform.phone.events.subscribe((event) => onProviderEvent(platform, event));
}
