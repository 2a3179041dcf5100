import { proxy, useSnapshot } from 'valtio';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { dialerMessages, normalizePhone } from '../../../shared/schemas/dialer/messages.js';
import type { CallQualityIssue } from '../../../shared/schemas/dialer/quality.js';
import type { QueueView } from '../../../shared/schemas/dialer/queue.js';
import type { CallStatePayload, IceServerView, PhoneView } from '../../../shared/schemas/dialer/state.js';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface DialerStore {
  status: LoadStatus;
  phone: PhoneView | null;
  /** The STUN/TURN servers this tab's WebRTC calls gather candidates with (TURN credentials minted for the agent). */
  iceServers: IceServerView[];
  /** When the TURN credentials above stop opening relays (ms since the epoch; null without TURN). */
  iceServersExpireAt: number | null;
  /** The live call, else the agent's latest one (as the server last said). */
  call: CallView | null;
  queue: QueueView;
  callsToday: number;
  callsPerDay: number;
  /** The number field and the contact it was filled from (a lead, or a queued contact's name). */
  number: string;
  leadId: string | null;
  contactName: string | null;
  /** Notes typed in this tab; adopted from the server while the agent is not typing. */
  notesDraft: string;
  notesDirty: boolean;
  /** Server clock minus this browser's clock, so the call timer matches the server's durations. */
  serverOffsetMs: number;
  busy: { call: boolean; end: boolean; mute: boolean; queue: boolean; autoDial: boolean; connect: boolean };
  /** Calls already marked "do not call" from this panel. */
  markedDoNotCall: string[];
  /** Calls whose suggested lead status the agent applied from this panel. */
  suggestionsApplied: string[];
  /** WebRTC providers: the browser refuses this site the microphone (the badge says "Microphone blocked"). */
  microphoneBlocked: boolean;
  /** The latest quality sample of the WebRTC call this tab holds: which thresholds it crossed (none: fine). */
  quality: { callId: string; issues: CallQualityIssue[] } | null;
}

const initialState = (): DialerStore => ({
  status: 'idle',
  phone: null,
  iceServers: [],
  iceServersExpireAt: null,
  call: null,
  queue: { contacts: [], autoDial: false, version: 0 },
  callsToday: 0,
  callsPerDay: 0,
  number: '',
  leadId: null,
  contactName: null,
  notesDraft: '',
  notesDirty: false,
  serverOffsetMs: 0,
  busy: { call: false, end: false, mute: false, queue: false, autoDial: false, connect: false },
  markedDoNotCall: [],
  microphoneBlocked: false,
  suggestionsApplied: [],
  quality: null,
});

export const dialerStore = proxy<DialerStore>(initialState());

export function resetDialer(): void {
  Object.assign(dialerStore, initialState());
}

export const useDialer = () => useSnapshot(dialerStore);

/** The spec's texts with the provider's display name (e.g. "Zoom Phone not connected"). */
export const messages = () => dialerMessages(dialerStore.phone?.provider ?? 'Zoom Phone');

export const LIVE_STATES: ReadonlySet<CallView['state']> = new Set(['calling', 'connected', 'ending']);
export const isLive = (call: Pick<CallView, 'state'> | null | undefined): boolean =>
  Boolean(call && LIVE_STATES.has(call.state));

/**
 * The one place server answers and pushes land. Every write of a call raises its `version`, so an older view of the
 * same call (a slow REST answer overtaken by a push) never replaces a newer one: the panel never goes back to a state
 * it has already left (a mute answer written before the mute was applied would show "Mute" on a muted line).
 */
export function adoptCall(call: CallView | null): void {
  const current = dialerStore.call;
  if (call && current && call.id === current.id && call.version < current.version) return;
  // A live call handed over by a transfer started before the closer's own last call: it is still the newer news.
  const handedOver = Boolean(call && isLive(call) && !isLive(current));
  if (call && current && call.id !== current.id && call.startedAt < current.startedAt && !handedOver) return;
  const sameCall = Boolean(call && current && call.id === current.id);
  const wasLive = isLive(current) && sameCall;
  dialerStore.call = call;
  if (!call) return;
  if (!sameCall && isLive(call)) dialerStore.callsToday += 1;
  if (!sameCall) {
    dialerStore.notesDraft = call.notes;
    dialerStore.notesDirty = false;
  } else if (!dialerStore.notesDirty) {
    dialerStore.notesDraft = call.notes;
  }
  // Spec: when a call ends its notes are cleared (they are kept on the call in Call History).
  if (wasLive && !isLive(call)) {
    dialerStore.notesDraft = '';
    dialerStore.notesDirty = false;
  }
}

/**
 * REST answers and `queue:updated` can cross on the way: a view older than the one shown is dropped. `force` (a full
 * reload of the dialer) takes the server's view whatever it is.
 */
export function adoptQueue(queue: QueueView, force = false): void {
  if (!force && queue.version < dialerStore.queue.version) return;
  dialerStore.queue = queue;
}

export function adoptCallState(payload: Pick<CallStatePayload, 'phone' | 'call' | 'emittedAt'>): void {
  dialerStore.phone = payload.phone;
  const emitted = Date.parse(payload.emittedAt);
  if (Number.isFinite(emitted)) dialerStore.serverOffsetMs = emitted - Date.now();
  adoptCall(payload.call);
}

/** Fills the number field (e.g. from a lead's row); the agent then presses Call. */
export function dialNumber(phone: string, leadId?: string, name?: string): void {
  if (isLive(dialerStore.call)) return;
  dialerStore.number = phone;
  dialerStore.leadId = leadId ?? null;
  dialerStore.contactName = name ?? null;
}

export function setNumber(value: string): void {
  dialerStore.number = value;
  // A typed number is no longer the lead it was filled from.
  dialerStore.leadId = null;
  dialerStore.contactName = null;
}

export function clearContact(): void {
  dialerStore.number = '';
  dialerStore.leadId = null;
  dialerStore.contactName = null;
}

export function isQueued(contact: { leadId?: string; phone: string }): boolean {
  const digits = normalizePhone(contact.phone);
  return dialerStore.queue.contacts.some(
    (queued) => (contact.leadId && queued.leadId === contact.leadId) || normalizePhone(queued.phone) === digits,
  );
}
