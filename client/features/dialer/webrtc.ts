import {
  SocketEvents,
  SocketRequests,
  type PhoneOfferAnswer,
  type PhoneRestartAnswer,
} from '../../../shared/events.js';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import type { DialerState } from '../../../shared/schemas/dialer/state.js';
import { api } from '../../api/client.js';
import { liveSocket, onLive } from '../../live/socket.js';
import { snapshot } from 'valtio';
import { monitorCallQuality, readStats } from './call-quality.js';
import { chosenSpeaker, openMicrophone, playOn } from './devices.js';
import { dialerStore } from './store.js';

/**
 * The agent's audio when the phone view says `media: 'webrtc'` (PHONE_PROVIDER=sip): before each call this tab opens
 * the microphone, makes an RTCPeerConnection offer and hands it to the server over the app's socket (`phone:offer`,
 * acked); the server passes it to the gateway only once it authorised the call. The gateway's answer and ICE
 * candidates come back over the socket; the far end's audio plays in an <audio> element. Mute disables the local
 * track. Only the tab that dialed holds the connection: other tabs of the agent ignore the answer (another offerId).
 *
 * Auto-dial: the server dials the next queued contact 2 s after a call ends, and that call needs a fresh offer too.
 * The tab that held the ended call (or switched auto-dial on) sends its next offer at once, so the connection is
 * gathered during the gap; the server keeps it and uses it only for a call it authorised. That offer is bound to the
 * auto-dialed call the server pushes next (its answer may never come: a busy number answers nothing).
 *
 * With the room model (`phone.reattach`) the connection is kept after the call instead and reused by the next one,
 * from a click or auto-dial alike (see `keepsConnection`). The microphone and speaker are the agent's choice
 * (devices.ts), switched on the live connection without renegotiating.
 */

interface MediaCall {
  offerId: string;
  pc: RTCPeerConnection;
  stream: MediaStream;
  audio: HTMLAudioElement;
  callId?: string;
  /** Sent for the next auto-dialed call rather than for a click on Call. */
  forAutoDial: boolean;
  /** Stops the quality sampling started when the call connected. */
  stopMonitor?: () => void;
  /** The call is connected: a stalled connection is restarted (ICE restart), not dropped. */
  connected?: boolean;
  restarting?: boolean;
  restarts: number;
  stallTimer?: ReturnType<typeof setTimeout>;
}

const OFFER_ACK_TIMEOUT_MS = 5_000;
/** ICE `disconnected` with no audio received for this long counts as a stall (`failed` at once). */
const STALL_MS = 3_000;
/** Janus re-INVITEs the carrier before it answers a restart. */
const RESTART_ACK_TIMEOUT_MS = 12_000;
const MAX_RESTARTS_PER_CALL = 5;
let current: MediaCall | null = null;
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  onLive(SocketEvents.phoneAnswer, (answer) => {
    const call = current;
    if (!call || answer.offerId !== call.offerId) return;
    call.callId = answer.callId;
    void call.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp }).catch(() => releaseMedia());
  });
  onLive(SocketEvents.phoneCandidate, (payload) => {
    const call = current;
    if (!call || payload.offerId !== call.offerId || !payload.candidate) return;
    void call.pc
      .addIceCandidate({
        candidate: payload.candidate.candidate,
        sdpMid: payload.candidate.sdpMid ?? null,
        sdpMLineIndex: payload.candidate.sdpMLineIndex ?? null,
      })
      .catch(() => undefined);
  });
}

/** A call starting this close to the TURN credentials' expiry reads new ones first (its relay is allocated later). */
const ICE_RENEW_MARGIN_MS = 60_000;

export function adoptIceServers(state: Pick<DialerState, 'iceServers' | 'iceServersExpireAt'>): void {
  dialerStore.iceServers = state.iceServers ?? [];
  dialerStore.iceServersExpireAt = state.iceServersExpireAt ? Date.parse(state.iceServersExpireAt) : null;
}

/**
 * TURN credentials end with the access token they were read with (coturn cannot be told a session ended): a call
 * after that reads new ones with the tab's current token. Without them the call still gathers with STUN.
 */
async function currentIceServers(): Promise<RTCIceServer[]> {
  const expireAt = dialerStore.iceServersExpireAt;
  if (expireAt !== null && Date.now() > expireAt - ICE_RENEW_MARGIN_MS) {
    const state = await api('/api/dialer/state', { quiet: true }).catch(() => null);
    if (state) adoptIceServers(state);
  }
  return snapshot(dialerStore).iceServers.map((server) => ({ ...server, urls: [...server.urls] }));
}

/**
 * Opens the microphone and sends this call's offer; resolves once the server holds it. Throws when the microphone
 * is refused or the server did not take the offer.
 */
export async function prepareMediaCall(options: { forAutoDial?: boolean } = {}): Promise<void> {
  listen();
  const kept = keptConnection();
  if (kept) {
    // Room model: the tab is still in the agent's room from the last call; the server bridges the next call into it.
    kept.forAutoDial = Boolean(options.forAutoDial);
    return;
  }
  releaseMedia();
  const socket = liveSocket();
  if (!socket) throw new Error('Not connected to the server.');
  const stream = await openMicrophone();
  const offerId = crypto.randomUUID();
  const pc = new RTCPeerConnection({ iceServers: await currentIceServers() });
  const audio = new Audio();
  audio.autoplay = true;
  void playOn(audio, chosenSpeaker());
  const call: MediaCall = { offerId, pc, stream, audio, forAutoDial: Boolean(options.forAutoDial), restarts: 0 };
  current = call;
  for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
  pc.ontrack = (event) => {
    audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    void audio.play().catch(() => undefined);
  };
  pc.oniceconnectionstatechange = () => watchConnection(call);
  pc.onicecandidate = (event) => {
    socket.emit(SocketRequests.phoneCandidate, {
      offerId,
      candidate: event.candidate
        ? {
            candidate: event.candidate.candidate,
            sdpMid: event.candidate.sdpMid,
            sdpMLineIndex: event.candidate.sdpMLineIndex,
          }
        : null,
    });
  };
  await pc.setLocalDescription(await pc.createOffer());
  const answer = await new Promise<PhoneOfferAnswer>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: 'The server did not answer.' }), OFFER_ACK_TIMEOUT_MS);
    socket.emit(SocketRequests.phoneOffer, { offerId, sdp: pc.localDescription?.sdp ?? '' }, (result) => {
      clearTimeout(timer);
      resolve(result);
    });
  });
  if (!answer.ok) {
    releaseMedia();
    throw new Error(answer.error ?? 'The phone gateway is not reachable.');
  }
}

/**
 * The call room model (`phone.reattach`): a live call this tab holds no connection for (the page was reloaded, or the
 * agent opened another tab) is joined again with a fresh offer; the server answers with the call's id.
 */
export async function reattachMediaCall(call: Pick<CallView, 'id' | 'state'> | null): Promise<void> {
  if (!call || (call.state !== 'calling' && call.state !== 'connected')) return;
  if (current?.callId === call.id || reattaching) return;
  reattaching = true;
  try {
    await prepareMediaCall();
    bindMediaCall(call.id);
  } finally {
    reattaching = false;
  }
}
let reattaching = false;

/** The call the API started for the prepared offer (its id ties later states to this tab's connection). */
export function bindMediaCall(callId: string): void {
  if (current) current.callId = callId;
}

/**
 * Follows the pushed call: mute disables the microphone track; an ended call closes the connection. True when this
 * tab held the call that just ended (it then prepares auto-dial's next offer).
 */
export function followMediaCall(call: CallView | null): boolean {
  const media = current;
  if (!media || !call) return false;
  if (media.forAutoDial && !media.callId && call.autoDialed && call.state === 'calling') media.callId = call.id;
  if (call.id !== media.callId) return false;
  for (const track of media.stream.getAudioTracks()) track.enabled = !call.muted;
  if (call.state === 'connected' && !media.stopMonitor) {
    media.connected = true;
    media.stopMonitor = monitorCallQuality(media.pc, call.id);
  }
  if (call.state !== 'ended' && call.state !== 'idle') return false;
  if (keepsConnection() && call.endedBy !== 'gateway-failure' && call.endedBy !== 'agent-lost' && usable(media.pc)) {
    waitForNextCall(media);
    return false;
  }
  releaseMedia();
  return true;
}

/** This tab holds an offer prepared for auto-dial's next call (or a connection kept for it), not yet bound to a call. */
export function holdsAutoDialOffer(): boolean {
  return Boolean(current?.forAutoDial && !current.callId);
}

/**
 * With the room model (`phone.reattach`) the tab's connection outlives the call: the server leaves the tab's
 * participant in the agent's own room and bridges the next call into it, so consecutive calls need no new offer and
 * no new RTCPeerConnection. A call the gateway lost, or one where the tab's media was lost, starts afresh.
 */
const keepsConnection = (): boolean => Boolean(dialerStore.phone?.reattach);

const usable = (pc: RTCPeerConnection): boolean => pc.connectionState !== 'failed' && pc.connectionState !== 'closed';

/** The connection kept from an earlier call, when the next call can use it as it is (its DTLS is up). */
function keptConnection(): MediaCall | null {
  const media = current;
  return media && keepsConnection() && !media.callId && media.pc.connectionState === 'connected' ? media : null;
}

function waitForNextCall(media: MediaCall): void {
  clearTimeout(media.stallTimer);
  media.stopMonitor?.();
  media.stopMonitor = undefined;
  media.callId = undefined;
  media.connected = false;
  media.restarts = 0;
  // Bound to the next auto-dialed call the server pushes; a call placed here binds it itself.
  media.forAutoDial = true;
  // Mute is the call's: the server unmutes the participant at the end.
  for (const track of media.stream.getAudioTracks()) track.enabled = true;
}

/** Auto-dial went off: an offer prepared for its next call will not be used (a connection kept in the room stays). */
/**
 * The server asked for an offer for auto-dial's next call (`phone:offer-wanted`): it holds neither this tab's offer
 * nor the connection kept in the agent's room, so a kept connection is stale (its process is gone) and goes. Nothing
 * is done during a call or while an offer for auto-dial is already on its way.
 */
export async function renewAutoDialOffer(): Promise<void> {
  if (current?.callId) return;
  if (current && current.forAutoDial && !keptConnection()) return;
  releaseMedia();
  await prepareMediaCall({ forAutoDial: true });
}

export function releaseAutoDialOffer(): void {
  if (current?.forAutoDial && !current.callId && !keptConnection()) releaseMedia();
}

/** A call could not be placed: the offer made for it is dropped, a connection kept in the room stays. */
export function releaseUnplacedMedia(): void {
  if (current && !current.callId && !keptConnection()) releaseMedia();
}

/**
 * The agent chose another microphone: the live connection (in a call or kept between calls) sends the new one at
 * once (RTCRtpSender.replaceTrack, no renegotiation); the next getUserMedia asks for it anyway.
 */
export async function switchMicrophone(): Promise<void> {
  const media = current;
  if (!media) return;
  const stream = await openMicrophone();
  const [track] = stream.getAudioTracks();
  if (current !== media || !track) return void stream.getTracks().forEach((t) => t.stop());
  const sender = media.pc.getSenders().find((s) => s.track?.kind === 'audio' || s.track === null);
  const muted = media.stream.getAudioTracks().some((t) => !t.enabled);
  track.enabled = !muted;
  await sender?.replaceTrack(track);
  for (const old of media.stream.getTracks()) old.stop();
  media.stream = stream;
}

/** The agent chose another speaker: the call's audio moves to it at once where the browser can (setSinkId). */
export async function switchSpeaker(): Promise<void> {
  if (current) await playOn(current.audio, chosenSpeaker());
}

export function releaseMedia(): void {
  const call = current;
  current = null;
  if (!call) return;
  clearTimeout(call.stallTimer);
  call.stopMonitor?.();
  call.pc.close();
  for (const track of call.stream.getTracks()) track.stop();
  call.audio.srcObject = null;
}

const bytesReceived = async (pc: RTCPeerConnection): Promise<number> =>
  readStats((await pc.getStats()).values() as Iterable<Record<string, unknown>>).received?.bytesReceived ?? 0;

/**
 * Media stalls mid-call (a network change, NAT rebinding): ICE `failed`, or `disconnected` with no audio received
 * for 3 s, restarts ICE on the same connection through the server and the gateway (`phone:restart`).
 */
function watchConnection(call: MediaCall): void {
  const state = call.pc.iceConnectionState;
  // Kept between calls and gone (Janus restarted, the network changed): the next call makes a new one.
  if (current === call && !call.callId && (state === 'failed' || state === 'closed')) return void releaseMedia();
  if (current !== call || !call.connected) return;
  clearTimeout(call.stallTimer);
  if (state === 'failed') return void restartIce(call);
  if (state !== 'disconnected') return;
  void bytesReceived(call.pc).then((before) => {
    call.stallTimer = setTimeout(() => {
      if (current !== call || call.pc.iceConnectionState !== 'disconnected') return;
      void bytesReceived(call.pc).then((after) => {
        if (after === before) void restartIce(call);
      });
    }, STALL_MS);
  });
}

async function restartIce(call: MediaCall): Promise<void> {
  const socket = liveSocket();
  if (!socket || call.restarting || call.restarts >= MAX_RESTARTS_PER_CALL || current !== call) return;
  call.restarting = true;
  call.restarts += 1;
  try {
    await call.pc.setLocalDescription(await call.pc.createOffer({ iceRestart: true }));
    const answer = await new Promise<PhoneRestartAnswer>((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false }), RESTART_ACK_TIMEOUT_MS);
      socket.emit(
        SocketRequests.phoneRestart,
        { offerId: call.offerId, sdp: call.pc.localDescription?.sdp ?? '' },
        (result) => {
          clearTimeout(timer);
          resolve(result);
        },
      );
    });
    if (current !== call) return;
    if (answer.ok && answer.sdp) await call.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    else await call.pc.setLocalDescription({ type: 'rollback' });
  } catch {
    // The next `failed` or stall tries again (a few times per call).
  } finally {
    call.restarting = false;
  }
  if (current === call && call.pc.iceConnectionState === 'failed') void restartIce(call);
}
