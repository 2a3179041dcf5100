import { SocketEvents } from '../../../shared/events.js';
import type { CallNotice, CallStatePayload } from '../../../shared/schemas/dialer/state.js';
import { subscribe } from 'valtio';
import { onLive, onLiveResync } from '../../live/socket.js';
import { session } from '../session/public.js';
import { toast, type ToastVariant } from '../../ui/toast.js';
import {
  loadDialer,
  offerForAutoDialSwitchedElsewhere,
  offerWhenServerAsks,
  takeAutoDialOfferOnConnect,
} from './actions.js';
import { followRingback } from './ringback.js';
import { followMediaCall, prepareMediaCall, releaseAutoDialOffer, releaseMedia } from './webrtc.js';
import { adoptCallState, adoptQueue, clearContact, dialerStore, resetDialer } from './store.js';

/** Each toast's tone by its code (the texts carry the provider's name and are never compared). */
const TONE: Record<CallNotice, ToastVariant> = {
  calling: 'default',
  'call-connected': 'success',
  'call-ended': 'default',
  'call-completed': 'success',
  'call-failed': 'destructive',
  'phone-connected': 'success',
  'phone-init-failed': 'destructive',
};

function onCallState(payload: CallStatePayload): void {
  const before = dialerStore.call;
  adoptCallState(payload);
  const call = payload.call;
  followRingback(dialerStore.call);
  // The tab that held the ended call gets the next one's audio ready while auto-dial waits its 2 s.
  if (followMediaCall(call) && dialerStore.queue.autoDial && dialerStore.queue.contacts.length > 0) {
    void prepareMediaCall({ forAutoDial: true }).catch(() => undefined);
  }
  // The phone connected with auto-dial on: the server dials the first contact as soon as this tab's offer is there.
  if (payload.notice === 'phone-connected' && takeAutoDialOfferOnConnect())
    void prepareMediaCall({ forAutoDial: true }).catch(() => undefined);
  // A call placed from this number ended: the field is free for the next one.
  if (call && before?.id === call.id && before.state !== 'ended' && call.state === 'ended') clearContact();
  if (payload.message) {
    if (payload.notice === 'call-failed') clearContact();
    toast({
      title: payload.message,
      description: payload.description,
      variant: payload.notice ? TONE[payload.notice] : 'default',
    });
  }
}

let following = false;

/**
 * Called by every mounted dialer panel. The first one subscribes for the rest of the page's life: auto-dial
 * goes on on the server while the agent visits other screens, and its toasts and state follow them there.
 * Each mount (and a tab coming back into view, which may have missed pushes while asleep) re-reads the state.
 */
export function followDialer(): () => void {
  if (!following) {
    following = true;
    onLive(SocketEvents.callState, onCallState);
    onLive(SocketEvents.queueUpdated, (queue) => {
      const wasOn = dialerStore.queue.autoDial;
      adoptQueue(queue);
      if (!queue.autoDial) releaseAutoDialOffer();
      else if (!wasOn && dialerStore.queue.autoDial) offerForAutoDialSwitchedElsewhere();
    });
    onLive(SocketEvents.phoneOfferWanted, offerWhenServerAsks);
    onLiveResync(() => {
      if (session.status === 'signedIn') void loadDialer({ reconnected: true });
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && session.status === 'signedIn') void loadDialer();
    });
    // Another account signed in on this page must not see the previous one's call or queue.
    let userId = session.user?.id ?? null;
    subscribe(session, () => {
      const next = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
      if (next === userId) return;
      userId = next;
      // A connection kept in the previous account's room (room model) goes with it.
      releaseMedia();
      resetDialer();
      if (next) void loadDialer();
    });
  }
  void loadDialer();
  return () => undefined;
}
