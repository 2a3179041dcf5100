import { SocketEvents } from '../../../shared/events.js';
import { dialerMessages } from '../../../shared/schemas/dialer/messages.js';
import type { QueueView } from '../../../shared/schemas/dialer/queue.js';
import type { CallStatePayload } from '../../../shared/schemas/dialer/state.js';
import { onLive } from '../../live/socket.js';
import { toast, type ToastVariant } from '../../ui/toast.js';
import { loadDialer } from './actions.js';
import { adoptCallState, adoptQueue, clearContact, dialerStore } from './store.js';

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

let followers = 0;
let stop: (() => void) | null = null;

/**
 * Every mounted dialer panel follows the agent's call through here, so two panels on one page (or a
 * re-mount) subscribe once and show each toast once per tab.
 */
export function followDialer(): () => void {
  followers += 1;
  if (followers === 1) {
    const offCall = onLive<CallStatePayload>(SocketEvents.callState, onCallState);
    const offQueue = onLive<QueueView>(SocketEvents.queueUpdated, adoptQueue);
    stop = () => {
      offCall();
      offQueue();
    };
  }
  void loadDialer();
  return () => {
    followers -= 1;
    if (followers === 0) {
      stop?.();
      stop = null;
    }
  };
}
