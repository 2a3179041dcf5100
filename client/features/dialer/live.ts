import { SocketEvents } from '../../../shared/events.js';
import { dialerMessages } from '../../../shared/schemas/dialer/messages.js';
import type { QueueView } from '../../../shared/schemas/dialer/queue.js';
import type { CallStatePayload } from '../../../shared/schemas/dialer/state.js';
import { subscribe } from 'valtio';
import { onLive, onLiveResync } from '../../live/socket.js';
import { session } from '../session/store.js';
import { toast, type ToastVariant } from '../../ui/toast.js';
import { loadDialer } from './actions.js';
import { adoptCallState, adoptQueue, clearContact, dialerStore, resetDialer } from './store.js';

function variantOf(message: string, provider: string): ToastVariant {
  const text = dialerMessages(provider);
  if (message === text.callFailed || message === text.initFailed || message === text.endFailed || message === text.muteFailed) return 'destructive';
  if (message === text.connected || message.startsWith('Call completed to ') || message.startsWith('Call connected to ')) return 'success';
  return 'default';
}

function onCallState(payload: CallStatePayload): void {
  const before = dialerStore.call;
  adoptCallState(payload);
  const call = payload.call;
  // A call placed from this number ended: the field is free for the next one.
  if (call && before?.id === call.id && before.state !== 'ended' && call.state === 'ended') clearContact();
  if (payload.message) {
    if (payload.message === dialerMessages(payload.phone.provider).callFailed) clearContact();
    toast({ title: payload.message, description: payload.description, variant: variantOf(payload.message, payload.phone.provider) });
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
    onLive<CallStatePayload>(SocketEvents.callState, onCallState);
    onLive<QueueView>(SocketEvents.queueUpdated, (queue) => adoptQueue(queue));
    onLiveResync(() => {
      if (session.status === 'signedIn') void loadDialer();
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
      resetDialer();
      if (next) void loadDialer();
    });
  }
  void loadDialer();
  return () => undefined;
}
