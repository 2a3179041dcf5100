import { ErrorReasons } from '../../../shared/errors.js';
import type { LeadDisposition } from '../../../shared/constants.js';
import { updateLead } from '../leads/public.js';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import type { QueueBody, QueueContactView } from '../../../shared/schemas/dialer/queue.js';
import { api, ApiError, isNetworkError } from '../../api/client.js';
import { errorToast, toast } from '../../ui/toast.js';
import {
  isMicrophoneRefusal,
  MICROPHONE_BLOCKED,
  MICROPHONE_HOW_TO_ALLOW,
  microphoneAllowed,
  watchMicrophonePermission,
} from './microphone.js';
import {
  adoptIceServers,
  bindMediaCall,
  followMediaCall,
  holdsAutoDialOffer,
  prepareMediaCall,
  reattachMediaCall,
  releaseAutoDialOffer,
  releaseMedia,
  releaseUnplacedMedia,
  renewAutoDialOffer,
} from './webrtc.js';
import { adoptCall, adoptQueue, clearContact, dialerStore, isLive, isQueued, messages } from './store.js';

const NOTES_SAVE_DELAY_MS = 600;

/**
 * GET /api/dialer/state, then the phone session is started if this agent's is not up yet. `reconnected`: after a
 * reconnect the server could not recover (the process serving this tab may be a new one).
 */
export async function loadDialer(options: { reconnected?: boolean } = {}): Promise<void> {
  if (dialerStore.status === 'idle' || dialerStore.status === 'failed') dialerStore.status = 'loading';
  try {
    const state = await api('/api/dialer/state', { quiet: true });
    dialerStore.phone = state.phone;
    adoptIceServers(state);
    adoptCall(state.call);
    adoptQueue(state.queue, true);
    dialerStore.callsToday = state.callsToday;
    dialerStore.callsPerDay = state.callsPerDay;
    dialerStore.status = 'ready';
    if (state.phone.media === 'webrtc') void watchMicrophonePermission();
  } catch {
    dialerStore.status = 'failed';
    return;
  }
  if (dialerStore.phone?.status === 'uninitialized' || dialerStore.phone?.status === 'failed') await connectPhone();
  else if (dialerStore.phone?.reattach) resumeMediaAfterReload(Boolean(options.reconnected));
}

/**
 * The room model, after a (re)load of the state: the process serving this tab may be a new one (a reload, or an API
 * restarted or redeployed under a reconnecting socket) that holds nothing of this tab. A call this tab held that
 * ended meanwhile (the push was missed) is followed as the push would have been, so auto-dial's next offer goes out;
 * after a reconnect an offer prepared for auto-dial is made again there; a live call is re-attached.
 */
function resumeMediaAfterReload(reconnected: boolean): void {
  const resend =
    (followMediaCall(dialerStore.call) || (reconnected && holdsAutoDialOffer())) &&
    dialerStore.queue.autoDial &&
    autoDialWouldDialNow();
  if (resend) {
    // A connection kept in the room of the process before the reconnect is of no use to the one serving the tab now.
    if (reconnected) releaseMedia();
    void prepareMediaCall({ forAutoDial: true }).catch(() => undefined);
  } else void reattachMediaCall(dialerStore.call).catch(() => undefined);
}

/** This tab asked for the phone session: it is the one to send auto-dial's first offer once the phone connects. */
let connectAskedHere = false;

/** True once, in the tab that connected the phone, when auto-dial is on with contacts waiting and the line free. */
export function takeAutoDialOfferOnConnect(): boolean {
  const asked = connectAskedHere;
  connectAskedHere = false;
  return asked && dialerStore.queue.autoDial && autoDialWouldDialNow();
}

/** Over WebRTC, auto-dial's next call (at once with contacts queued and the line free) needs this tab's offer first. */
function autoDialWouldDialNow(): boolean {
  const line = dialerStore.call;
  return (
    dialerStore.phone?.media === 'webrtc' &&
    dialerStore.queue.contacts.length > 0 &&
    (!line || line.state === 'idle' || line.state === 'ended')
  );
}

/**
 * Auto-dial was switched on elsewhere (another tab, another device, the API) while this tab holds the connected phone:
 * it gets the audio ready for the first call, as the tab that switches it on does, or the server waits for an offer
 * that never comes and pauses auto-dial.
 */
export function offerForAutoDialSwitchedElsewhere(): void {
  if (dialerStore.busy.autoDial) return; // this tab is switching it on itself and sends its own offer
  if (dialerStore.phone?.status !== 'connected' || !autoDialWouldDialNow()) return;
  void prepareMediaCall({ forAutoDial: true }).catch(() => undefined);
}

/** The server needs a fresh offer for auto-dial's next call (shared/events.ts `phone:offer-wanted`). */
export function offerWhenServerAsks(): void {
  if (dialerStore.phone?.status !== 'connected' || dialerStore.phone.media !== 'webrtc') return;
  if (!dialerStore.queue.autoDial || isLive(dialerStore.call)) return;
  void renewAutoDialOffer().catch(() => undefined);
}

export async function connectPhone(): Promise<void> {
  if (dialerStore.busy.connect) return;
  dialerStore.busy.connect = true;
  connectAskedHere = true;
  try {
    // The steps (and "Connected to Zoom Phone") arrive as `call:state`; a failure answers 503 with the spec's text.
    const before = dialerStore.phone;
    const answer = await api('/api/dialer/connect', { method: 'POST' });
    // A provider that connects at once (sip) pushed its later steps before this answer came back: keep those.
    if (dialerStore.phone === before) dialerStore.phone = answer.phone;
  } catch {
    connectAskedHere = false;
    if (dialerStore.phone) dialerStore.phone.status = 'failed';
  } finally {
    dialerStore.busy.connect = false;
  }
}

/** The spec's rules, checked here first so the agent gets the answer at once; the server checks them again. */
function refusal(number: string): string | null {
  const text = messages();
  if (dialerStore.phone?.status !== 'connected') return text.notConnected;
  if (isLive(dialerStore.call)) return text.callInProgress;
  if (!number.trim()) return text.blankNumber;
  return null;
}

export async function startCall(): Promise<void> {
  const number = dialerStore.number;
  const refused = refusal(number);
  if (refused) {
    errorToast('Error', refused);
    return;
  }
  if (dialerStore.busy.call) return;
  dialerStore.busy.call = true;
  const webrtc = dialerStore.phone?.media === 'webrtc';
  try {
    if (webrtc) {
      if (!(await microphoneAllowed())) {
        errorToast(MICROPHONE_BLOCKED, MICROPHONE_HOW_TO_ALLOW);
        return;
      }
      try {
        await prepareMediaCall();
      } catch (error) {
        if (isMicrophoneRefusal(error)) errorToast(MICROPHONE_BLOCKED, MICROPHONE_HOW_TO_ALLOW);
        else errorToast(messages().callFailed, error instanceof Error ? error.message : undefined);
        return;
      }
    }
    const body: { phone: string; leadId?: string; name?: string } = { phone: number.trim() };
    if (dialerStore.leadId) body.leadId = dialerStore.leadId;
    if (dialerStore.contactName) body.name = dialerStore.contactName;
    const call = await api('/api/dialer/calls', { body });
    if (webrtc) bindMediaCall(call.id);
    adoptCall(call);
  } catch (error) {
    if (webrtc) releaseUnplacedMedia();
    if (error instanceof ApiError && error.reason === ErrorReasons.callFailed) clearContact();
  } finally {
    dialerStore.busy.call = false;
  }
}

export async function endCall(): Promise<void> {
  const call = dialerStore.call;
  if (!call || !isLive(call)) {
    errorToast('Error', messages().noActiveCallToEnd);
    return;
  }
  if (dialerStore.busy.end) return;
  dialerStore.busy.end = true;
  try {
    await flushNotes();
    adoptCall(await api(`/api/dialer/calls/${call.id}/end`, { method: 'POST' }));
  } catch (error) {
    // "Failed to end call properly": the server ended the call anyway; re-read it.
    if (error instanceof ApiError && error.reason === ErrorReasons.callEndFailed) await loadDialer();
  } finally {
    dialerStore.busy.end = false;
  }
}

export async function toggleMute(): Promise<void> {
  const call = dialerStore.call;
  if (!call || !isLive(call)) {
    errorToast('Error', messages().noActiveCallToMute);
    return;
  }
  if (dialerStore.busy.mute) return;
  dialerStore.busy.mute = true;
  try {
    // 202: the change lands 0.3 s later as `call:state`.
    adoptCall(await api(`/api/dialer/calls/${call.id}/mute`, { body: { muted: !call.muted } }));
  } catch {
    // The server's toast ("Failed to change mute state") has been shown.
  } finally {
    dialerStore.busy.mute = false;
  }
}

let notesTimer: ReturnType<typeof setTimeout> | undefined;
/** The notes still to be saved, bound to their call: the call may end (and the box clear) before the save runs. */
let pendingNotes: { callId: string; notes: string } | null = null;

export function typeNotes(value: string): void {
  dialerStore.notesDraft = value;
  dialerStore.notesDirty = true;
  const callId = dialerStore.call?.id;
  if (!callId) return;
  pendingNotes = { callId, notes: value };
  clearTimeout(notesTimer);
  notesTimer = setTimeout(() => void flushNotes(), NOTES_SAVE_DELAY_MS);
}

export async function flushNotes(): Promise<void> {
  clearTimeout(notesTimer);
  const pending = pendingNotes;
  if (!pending) return;
  pendingNotes = null;
  try {
    const saved = await api(`/api/dialer/calls/${pending.callId}`, { method: 'PATCH', body: { notes: pending.notes } });
    if (dialerStore.call?.id === pending.callId && dialerStore.notesDraft === pending.notes)
      dialerStore.notesDirty = false;
    adoptCall(saved);
  } catch {
    // The toast said why; the next keystroke tries again.
  }
}

/** The new list made from the contacts of a queue; null when there is nothing to save (any more). */
type QueueEdit = (contacts: readonly QueueContactView[]) => QueueBody['contacts'] | null;

/**
 * PUTs the queue edited from the version shown. When auto-dial or another tab changed the queue meanwhile (409,
 * `queueChanged`), the queue is reloaded and the same edit applied to it once more, so a contact auto-dial has just
 * dialed never comes back.
 */
async function saveQueue(edit: QueueEdit): Promise<boolean> {
  dialerStore.busy.queue = true;
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      const base = dialerStore.queue;
      const contacts = edit(base.contacts);
      if (!contacts) return false;
      try {
        adoptQueue(
          await api('/api/dialer/queue', { method: 'PUT', body: { contacts, version: base.version }, quiet: true }),
        );
        return true;
      } catch (error) {
        if (attempt === 0 && error instanceof ApiError && error.reason === ErrorReasons.queueChanged) {
          adoptQueue(await api('/api/dialer/queue'));
          continue;
        }
        if (error instanceof ApiError) errorToast(error.title ?? 'Error', error.message);
        else if (isNetworkError(error)) errorToast('Connection problem', error.message);
        return false;
      }
    }
    return false;
  } catch {
    // Reloading the queue failed; api() said why.
    return false;
  } finally {
    dialerStore.busy.queue = false;
  }
}

const asInput = ({ leadId, name, phone }: { leadId?: string; name: string; phone: string }) =>
  leadId ? { leadId, name, phone } : { name, phone };

/** Adds a lead or contact at the end of the queue ("Added {name} to call queue"). */
export async function queueContact(contact: { leadId?: string; name: string; phone: string }): Promise<boolean> {
  const name = contact.name.trim() || contact.phone.trim();
  if (!contact.phone.trim()) {
    errorToast('Error', messages().blankNumber);
    return false;
  }
  if (isQueued(contact)) {
    errorToast('Error', messages().duplicateInQueue(name));
    return false;
  }
  // On a reloaded queue the contact may be there already (another tab added it): nothing left to do.
  const added = await saveQueue((queued) =>
    isQueued(contact) ? null : [...queued.map(asInput), asInput({ ...contact, name })],
  );
  if (added) toast({ title: messages().addedToQueue(name), variant: 'success' });
  return added;
}

export function removeFromQueue(id: string): Promise<boolean> {
  return saveQueue((queued) =>
    queued.some((contact) => contact.id === id) ? queued.filter((contact) => contact.id !== id).map(asInput) : null,
  );
}

export function moveInQueue(id: string, by: -1 | 1): Promise<boolean> {
  return saveQueue((queued) => {
    const contacts = [...queued];
    const from = contacts.findIndex((contact) => contact.id === id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= contacts.length) return null;
    const [moved] = contacts.splice(from, 1);
    contacts.splice(to, 0, moved!);
    return contacts.map(asInput);
  });
}

export async function setAutoDial(enabled: boolean): Promise<void> {
  if (dialerStore.busy.autoDial) return;
  dialerStore.busy.autoDial = true;
  try {
    // Switching on with an idle line dials the first contact at once: over WebRTC its offer goes first.
    if (enabled && autoDialWouldDialNow()) await prepareMediaCall({ forAutoDial: true }).catch(() => undefined);
    const answer = await api('/api/dialer/auto-dial', { method: 'PUT', body: { enabled } });
    adoptQueue(answer.queue);
    toast({ title: answer.message, variant: enabled ? 'success' : 'default' });
  } catch {
    // The server's toast has been shown; the switch keeps the server's value.
    releaseAutoDialOffer();
  } finally {
    dialerStore.busy.autoDial = false;
  }
}

export async function markDoNotCall(callId: string): Promise<void> {
  try {
    const answer = await api(`/api/dialer/calls/${callId}/dnc`, { method: 'POST' });
    if (!dialerStore.markedDoNotCall.includes(callId)) dialerStore.markedDoNotCall.push(callId);
    toast({ title: answer.message, variant: 'success' });
  } catch {
    // The server's toast has been shown.
  }
}

/**
 * The lead status suggested by why the call never connected (busy -> Follow Up, not in service -> Rejected), set on
 * the agent's word through the leads feature, with the spec's status toast.
 */
export async function applySuggestedStatus(
  callId: string,
  leadId: string,
  disposition: LeadDisposition,
): Promise<void> {
  try {
    await updateLead(leadId, { disposition });
    if (!dialerStore.suggestionsApplied.includes(callId)) dialerStore.suggestionsApplied.push(callId);
    toast({
      title: 'Lead status updated',
      description: `Lead status has been updated to ${disposition}`,
      variant: 'success',
    });
  } catch {
    // The server's toast has been shown.
  }
}

/** Spec texts: "Phone number copied to clipboard" / "Failed to copy to clipboard". */
export async function copyNumber(number: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(formatPhone(number.trim()));
    toast({ title: 'Phone number copied to clipboard', variant: 'success' });
  } catch {
    errorToast('Failed to copy to clipboard');
  }
}
