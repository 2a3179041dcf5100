import type { Clock } from '../../platform/clock.js';
import { DialerRuleMessages, dialerMessages } from '../../../shared/schemas/dialer/messages.js';
import { ErrorReasons, type ErrorReason } from '../../../shared/errors.js';
import type { CallEnder, EndDetail } from '../../platform/telephony/phone-provider.js';
import type { DialResult, SipCause } from '../../../shared/schemas/dialer/dial-result.js';

/**
 * The dialer's rules as pure functions: phone session (initialize -> connect) and call lifecycle
 * (calling -> connected -> ending -> ended -> idle). The service persists what these return with a
 * conditional update on the previous state, so concurrent steps (two tabs, a worker retry) cannot
 * both win. Nothing here touches I/O; time comes from the injected clock.
 */

export const PHONE_STATUSES = [
  'uninitialized',
  'initializing',
  'initialized',
  'connecting',
  'connected',
  'failed',
] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];

export const CALL_STATES = ['calling', 'connected', 'ending', 'ended', 'idle'] as const;
export type CallState = (typeof CALL_STATES)[number];
/** A call in these states holds the agent's line and the lead's claim. */
export const LIVE_CALL_STATES: readonly CallState[] = ['calling', 'connected', 'ending', 'ended'];

export const CALL_OUTCOMES = ['answered', 'missed', 'voicemail'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export interface TimelineEntry {
  state: CallState;
  at: Date;
  /** Why the call moved: 'agent', 'callee', 'no-answer', 'voicemail', 'failed'... */
  reason?: string;
}

export interface CallSnapshot {
  state: CallState;
  /** Set when the call ends: answered | missed | voicemail. */
  status?: CallOutcome;
  /** What the far end did when the call connected (the simulator decides by number). */
  reached?: 'answered' | 'voicemail';
  muted: boolean;
  /** On hold: the lead hears the hold tone and the agent does not hear the lead (absent on calls from before hold). */
  held?: boolean;
  startedAt: Date;
  connectedAt?: Date;
  endedAt?: Date;
  idleAt?: Date;
  /** Talk seconds, from connected to ended. */
  duration: number;
  timeline: TimelineEntry[];
  /** Set when the call ends. */
  endedBy?: CallEnder;
  /** The final SIP status of the lead's leg (200, 486, 487...), where the provider places it itself. */
  sipStatus?: number;
  /** The far end rings (SIP 180/183, or the simulator's ring): the panel says Ringing and plays ringback. */
  ringingAt?: Date;
  /** The carrier sends its own ringback or announcement (183 with media): the tab plays that, not its local tone. */
  earlyMedia?: boolean;
  /** A call that never connected: why (busy, no answer, declined, not in service, failed). */
  dialResult?: DialResult;
  /** The carrier's final SIP answer of that call, kept as it was sent. */
  sipCause?: SipCause;
}

export type PhoneCommand =
  | { type: 'initialize' }
  | { type: 'initialized' }
  | { type: 'init-failed' }
  | { type: 'connect' }
  | { type: 'connected' };

export type CallCommand =
  | { type: 'answered' }
  | { type: 'voicemail' }
  | { type: 'ringing'; earlyMedia?: boolean }
  | ({ type: 'no-answer' } & EndDetail)
  | ({ type: 'failed' } & EndDetail)
  | ({ type: 'hangup' } & EndDetail)
  /** The server ended the call itself: the agent's browser is gone, or the phone gateway is. */
  | ({ type: 'dropped'; by: 'agent-lost' | 'gateway-failure' } & EndDetail)
  | { type: 'end' }
  | { type: 'end-complete' }
  | { type: 'idle' }
  | { type: 'mute'; muted: boolean }
  | { type: 'mute-applied'; muted: boolean }
  | { type: 'hold'; held: boolean }
  | { type: 'hold-applied'; held: boolean }
  /** Keypad keys for the lead: allowed on a connected call only. */
  | { type: 'digits' };

/** A refusal carries the user's text and, where a caller acts on it, its reason. */
export type Transition<T> =
  { ok: true; value: T; changed: boolean } | { ok: false; error: string; reason?: ErrorReason };

const ok = <T>(value: T, changed = true): Transition<T> => ({ ok: true, value, changed });
const fail = <T>(error: string, reason?: ErrorReason): Transition<T> => ({
  ok: false,
  error,
  ...(reason ? { reason } : {}),
});

export function phoneTransition(status: PhoneStatus, command: PhoneCommand, provider: string): Transition<PhoneStatus> {
  const m = dialerMessages(provider);
  switch (command.type) {
    case 'initialize':
      return status === 'uninitialized' || status === 'failed' ? ok('initializing') : ok(status, false);
    case 'initialized':
      return status === 'initializing' ? ok('initialized') : ok(status, false);
    case 'init-failed':
      return status === 'initializing' || status === 'connecting' ? ok('failed') : ok(status, false);
    case 'connect':
      if (status === 'uninitialized' || status === 'initializing' || status === 'failed')
        return fail(m.clientNotInitialized);
      return status === 'initialized' ? ok('connecting') : ok(status, false);
    case 'connected':
      return status === 'connecting' ? ok('connected') : ok(status, false);
  }
}

export interface DialRequest {
  phone: string;
  phoneStatus: PhoneStatus;
  /** The agent's current live call, if any. */
  liveCall: { state: CallState } | null;
}

/** Checks in the spec's order: connected phone service, no call in progress, a non-blank number. */
export function startCall(request: DialRequest, provider: string, clock: Clock): Transition<CallSnapshot> {
  const m = dialerMessages(provider);
  if (request.phoneStatus !== 'connected') return fail(m.notConnected, ErrorReasons.phoneNotConnected);
  if (request.liveCall && LIVE_CALL_STATES.includes(request.liveCall.state))
    return fail(m.callInProgress, ErrorReasons.callInProgress);
  if (!request.phone.trim() || !/\d/.test(request.phone)) return fail(m.blankNumber, ErrorReasons.blankNumber);
  const now = clock.now();
  return ok({ state: 'calling', muted: false, startedAt: now, duration: 0, timeline: [{ state: 'calling', at: now }] });
}

function move(
  call: CallSnapshot,
  state: CallState,
  now: Date,
  reason: string | undefined,
  patch: Partial<CallSnapshot> = {},
): CallSnapshot {
  return { ...call, ...patch, state, timeline: [...call.timeline, { state, at: now, ...(reason ? { reason } : {}) }] };
}

function ended(
  call: CallSnapshot,
  now: Date,
  reason: string,
  status: CallOutcome,
  detail: EndDetail & { by: CallEnder },
): CallSnapshot {
  const duration = call.connectedAt ? Math.max(0, Math.round((now.getTime() - call.connectedAt.getTime()) / 1000)) : 0;
  const sipStatus = detail.sipStatus ?? detail.cause?.code;
  return move(call, 'ended', now, reason, {
    endedAt: now,
    status,
    duration,
    muted: false,
    held: false,
    endedBy: detail.by,
    ...(sipStatus !== undefined ? { sipStatus } : {}),
  });
}

/** The outcome of a call that ends now: what it reached when it connected, else missed. */
const outcomeOf = (call: CallSnapshot): CallOutcome => call.reached ?? 'missed';

export function callTransition(
  call: CallSnapshot,
  command: CallCommand,
  provider: string,
  clock: Clock,
): Transition<CallSnapshot> {
  const m = dialerMessages(provider);
  const now = clock.now();
  const unchanged = ok(call, false);
  switch (command.type) {
    case 'answered':
    case 'voicemail':
      if (call.state !== 'calling') return unchanged;
      return ok(move(call, 'connected', now, command.type, { connectedAt: now, reached: command.type }));
    case 'ringing':
      if (call.state !== 'calling' || (call.ringingAt && (call.earlyMedia || !command.earlyMedia))) return unchanged;
      return ok({ ...call, ringingAt: call.ringingAt ?? now, ...(command.earlyMedia ? { earlyMedia: true } : {}) });
    case 'no-answer':
    case 'failed': {
      if (call.state !== 'calling') return unchanged;
      const result: DialResult = command.result ?? command.type;
      const end = ended(call, now, command.type, 'missed', { ...command, by: command.by ?? 'lead' });
      return ok({ ...end, dialResult: result, ...(command.cause ? { sipCause: command.cause } : {}) });
    }
    case 'hangup':
      if (call.state !== 'connected') return unchanged;
      return ok(ended(call, now, 'callee', outcomeOf(call), { ...command, by: command.by ?? 'lead' }));
    case 'dropped':
      // Also from `ending`: an end under way whose far end never confirmed it.
      if (call.state !== 'calling' && call.state !== 'connected' && call.state !== 'ending') return unchanged;
      return ok(ended(call, now, command.by, outcomeOf(call), command));
    case 'end':
      if (call.state === 'ending') return unchanged;
      if (call.state !== 'calling' && call.state !== 'connected') return fail(m.noActiveCallToEnd);
      return ok(move(call, 'ending', now, 'agent'));
    case 'end-complete':
      if (call.state !== 'ending') return unchanged;
      return ok(ended(call, now, 'agent', outcomeOf(call), { by: 'agent' }));
    case 'idle':
      if (call.state !== 'ended') return unchanged;
      return ok(move(call, 'idle', now, undefined, { idleAt: now }));
    case 'mute':
      if (call.state !== 'calling' && call.state !== 'connected') return fail(m.noActiveCallToMute);
      return ok(call, false);
    case 'mute-applied':
      if (call.state !== 'calling' && call.state !== 'connected') return unchanged;
      return call.muted === command.muted ? unchanged : ok({ ...call, muted: command.muted });
    case 'hold':
      // Hold needs someone to hold: a call that rings has no lead on the line yet.
      if (call.state !== 'connected') return fail(DialerRuleMessages.noConnectedCallToHold);
      return ok(call, false);
    case 'hold-applied':
      if (call.state !== 'connected') return unchanged;
      return Boolean(call.held) === command.held ? unchanged : ok({ ...call, held: command.held });
    case 'digits':
      if (call.state !== 'connected') return fail(DialerRuleMessages.noConnectedCallForKeys);
      return ok(call, false);
  }
}

export interface QueueContact {
  id: string;
  leadId?: string;
  name: string;
  phone: string;
}

/** A contact is the same contact when it is the same lead or the same number. */
export function contactKey(contact: { leadId?: string; phone: string }): string {
  return contact.leadId ? `lead-${contact.leadId}` : `phone-${contact.phone.replace(/\D/g, '')}`;
}

/** Validates a whole new queue (add, reorder, remove are all a new list): no contact twice. */
export function checkQueue(
  contacts: Array<{ leadId?: string; name: string; phone: string }>,
  provider: string,
): Transition<QueueContact[]> {
  const m = dialerMessages(provider);
  const seen = new Set<string>();
  const seenNumbers = new Set<string>();
  const result: QueueContact[] = [];
  for (const contact of contacts) {
    const name = contact.name.trim();
    if (!contact.phone.trim() || !/\d/.test(contact.phone)) return fail(m.blankNumber, ErrorReasons.blankNumber);
    const key = contactKey(contact);
    const digits = contact.phone.replace(/\D/g, '');
    if (seen.has(key) || seenNumbers.has(digits)) return fail(m.duplicateInQueue(name || contact.phone));
    seen.add(key);
    seenNumbers.add(digits);
    result.push({
      id: key,
      ...(contact.leadId ? { leadId: contact.leadId } : {}),
      name: name || contact.phone,
      phone: contact.phone.trim(),
    });
  }
  return ok(result);
}
