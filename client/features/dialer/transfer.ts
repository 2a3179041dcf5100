import { proxy } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { AvailableCloser, TransferMode, TransferView } from '../../../shared/schemas/dialer/transfer.js';
import type { DeskTransferView } from '../../../shared/schemas/dialer/desk-transfer.js';
import { api } from '../../api/client.js';
import { onLive } from '../../live/socket.js';
import { session } from '../session/public.js';
import { toast } from '../../ui/toast.js';
import { bindMediaCall, prepareMediaCall, releaseMedia } from './webrtc.js';
import { dialerStore } from './store.js';

/**
 * Live transfers in the dialer panel (docs/telephony.md, "Transfers"): the opener picks an available closer of the
 * lead's campaign and rings them; the closer's panel rings with the lead's card and answers. Every decision is the
 * server's; this store only shows where the transfer stands, fed by `transfer:*` pushes.
 */
export const transferStore = proxy({
  /** The opener's picker: open, with the closers available now for the live call. */
  pickerFor: null as string | null,
  closers: [] as AvailableCloser[],
  /** The campaign's closing desks (outside numbers its owner set), by name. */
  desks: [] as AvailableCloser[],
  /** The opener's desk transfer in conference (warm), until "Complete transfer". */
  outgoingDesk: null as DeskTransferView | null,
  loadingClosers: false,
  mode: 'warm' as TransferMode,
  note: '',
  /** The opener's transfer under way (ringing or in conference). */
  outgoing: null as TransferView | null,
  /** A transfer ringing on this closer's panel. */
  incoming: null as TransferView | null,
  busy: false,
});

const OPEN_STATES = new Set(['pending', 'conference']);

async function readClosers(callId: string): Promise<void> {
  transferStore.loadingClosers = true;
  try {
    const answer = await api(`/api/dialer/calls/${callId}/transfer/closers`, { quiet: true });
    if (transferStore.pickerFor === callId) {
      transferStore.closers = answer.closers;
      transferStore.desks = answer.desks ?? [];
    }
  } catch {
    transferStore.closers = [];
  } finally {
    transferStore.loadingClosers = false;
  }
}

export function openTransferPicker(callId: string): void {
  transferStore.pickerFor = callId;
  transferStore.closers = [];
  void readClosers(callId);
}

export function closeTransferPicker(): void {
  transferStore.pickerFor = null;
}

export async function ringCloser(callId: string, closerId: string): Promise<void> {
  transferStore.busy = true;
  try {
    const note = transferStore.note.trim();
    transferStore.outgoing = await api(`/api/dialer/calls/${callId}/transfer`, {
      method: 'POST',
      body: { closerId, mode: transferStore.mode, ...(note ? { note } : {}) },
    });
    transferStore.pickerFor = null;
  } catch {
    // api() showed the server's reason; the list may have changed.
    void readClosers(callId);
  } finally {
    transferStore.busy = false;
  }
}

/** Rings a closing desk into the call: the request answers once the desk picked up (or did not: the lead stays). */
export async function ringDesk(callId: string, deskId: string): Promise<void> {
  transferStore.busy = true;
  try {
    const view = await api(`/api/dialer/calls/${callId}/transfer/desk`, {
      method: 'POST',
      body: { deskId, mode: transferStore.mode },
    });
    transferStore.pickerFor = null;
    deskTransferMoved(view);
  } catch {
    // api() showed the server's reason ("... did not answer. The lead is still with you.").
  } finally {
    transferStore.busy = false;
  }
}

export async function completeDeskTransfer(): Promise<void> {
  const outgoing = transferStore.outgoingDesk;
  if (!outgoing) return;
  transferStore.busy = true;
  try {
    deskTransferMoved(await api(`/api/dialer/calls/${outgoing.callId}/transfer/desk/complete`, { method: 'POST' }));
  } catch {
    // The server's reason is shown.
  } finally {
    transferStore.busy = false;
  }
}

function deskTransferMoved(view: DeskTransferView): void {
  transferStore.outgoingDesk = view.state === 'conference' ? view : null;
  toast({ title: view.message, variant: view.state === 'hung-up' ? 'destructive' : 'default' });
  // The lead is the desk's: this tab's connection left the call's room, which is no longer this agent's.
  if (view.state === 'completed') releaseMedia();
}

export async function completeTransfer(): Promise<void> {
  const outgoing = transferStore.outgoing;
  if (!outgoing) return;
  transferStore.busy = true;
  try {
    await api(`/api/dialer/transfers/${outgoing.id}/complete`, { method: 'POST' });
  } catch {
    // The server's reason is shown.
  } finally {
    transferStore.busy = false;
  }
}

/**
 * The closer's answer. Accepting readies this tab's phone first: the connection kept from an earlier call joins the
 * call as it is (the server moves it into the call's room: nothing to negotiate, the call is heard at once), else a
 * fresh offer, sent before the accept, does.
 */
export async function answerTransfer(accept: boolean): Promise<void> {
  const incoming = transferStore.incoming;
  if (!incoming) return;
  transferStore.busy = true;
  try {
    if (accept && dialerStore.phone?.media === 'webrtc') await prepareMediaCall();
    const answer = accept
      ? await api(`/api/dialer/transfers/${incoming.id}/accept`, { method: 'POST' })
      : await api(`/api/dialer/transfers/${incoming.id}/decline`, { method: 'POST' });
    if (accept && dialerStore.phone?.media === 'webrtc') bindMediaCall(incoming.callId);
    // Warm: the card stays while the three talk; blind or declined: it goes.
    transferStore.incoming = answer.state === 'conference' ? answer : null;
  } catch (error) {
    if (accept) releaseMedia();
    if (error instanceof Error && !('status' in error)) toast({ title: error.message, variant: 'destructive' });
  } finally {
    transferStore.busy = false;
  }
}

function onUpdated(view: TransferView): void {
  const me = session.user?.id;
  if (view.opener.id === me) {
    transferStore.outgoing = OPEN_STATES.has(view.state) ? view : null;
    if (view.state !== 'pending')
      toast({
        title: view.message,
        variant: view.state === 'declined' || view.state === 'expired' ? 'destructive' : 'default',
      });
    // The call is the closer's: this tab's connection left the room with it.
    if (view.state === 'completed') releaseMedia();
  }
  if (view.closer.id === me && transferStore.incoming?.id === view.id) {
    transferStore.incoming = OPEN_STATES.has(view.state) ? { ...transferStore.incoming, ...view } : null;
    // The call ended (or the offer lapsed) while this tab was joining or in the conference: its connection goes.
    if (view.state === 'cancelled' || view.state === 'expired') releaseMedia();
  }
}

let following = false;

/** Subscribed once per page, by the first dialer panel. */
export function followTransfers(): void {
  if (following) return;
  following = true;
  onLive(SocketEvents.transferOffered, (view) => {
    transferStore.incoming = view;
  });
  onLive(SocketEvents.transferUpdated, onUpdated);
  // The desk hung up during the warm conference: "Complete transfer" goes, the lead is still on this call.
  onLive(SocketEvents.deskTransferUpdated, deskTransferMoved);
  onLive(SocketEvents.transferAvailability, () => {
    if (transferStore.pickerFor) void readClosers(transferStore.pickerFor);
  });
}
