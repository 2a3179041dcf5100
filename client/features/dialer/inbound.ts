import { proxy } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import { InboundMessages, type InboundCallView } from '../../../shared/schemas/dialer/inbound.js';
import { api } from '../../api/client.js';
import { onLive } from '../../live/socket.js';
import { toast } from '../../ui/toast.js';
import { bindMediaCall, prepareMediaCall, releaseMedia } from './webrtc.js';
import { dialerStore } from './store.js';

/**
 * A lead calling back rings this panel (docs/telephony.md, "Lead calls back"): the card with the lead, Answer and
 * Decline, until someone answers, the round lapses (20 s) or the caller hangs up. The server decides who gets it.
 */
export const inboundStore = proxy({
  ringing: null as InboundCallView | null,
  busy: false,
});

export async function answerInbound(accept: boolean): Promise<void> {
  const ringing = inboundStore.ringing;
  if (!ringing) return;
  inboundStore.busy = true;
  const webrtc = accept && dialerStore.phone?.media === 'webrtc';
  try {
    if (webrtc) await prepareMediaCall();
    const answer = accept
      ? await api(`/api/dialer/inbound/${ringing.id}/answer`, { method: 'POST' })
      : await api(`/api/dialer/inbound/${ringing.id}/decline`, { method: 'POST' });
    if (webrtc && answer.callId) bindMediaCall(answer.callId);
    inboundStore.ringing = null;
  } catch (error) {
    if (webrtc) releaseMedia();
    // api() showed the server's reason; the card goes once the server says it stopped ringing here.
    if (error instanceof Error && !('status' in error)) toast({ title: error.message, variant: 'destructive' });
  } finally {
    inboundStore.busy = false;
  }
}

function onUpdated(view: InboundCallView): void {
  if (inboundStore.ringing?.id !== view.id) return;
  inboundStore.ringing = null;
  if (view.state === 'answered') toast({ title: InboundMessages.answeredElsewhere });
  else if (view.state === 'abandoned') toast({ title: InboundMessages.callerHungUp });
  else toast({ title: InboundMessages.missed(view.lead.name) });
}

let following = false;

/** Subscribed once per page, by the first dialer panel. */
export function followInbound(): void {
  if (following) return;
  following = true;
  onLive(SocketEvents.inboundRinging, (view) => {
    inboundStore.ringing = view;
  });
  onLive(SocketEvents.inboundUpdated, onUpdated);
}
