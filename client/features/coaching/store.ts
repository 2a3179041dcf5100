import { proxy, useSnapshot } from 'valtio';
import { SocketEvents, SocketRequests, type CoachingAnswer } from '../../../shared/events.js';
import type { CoachingSession, MonitorMode } from '../../../shared/schemas/coaching/sessions.js';
import { api, ApiError, isNetworkError } from '../../api/client.js';
import { liveSocket, onLive } from '../../live/socket.js';
import { errorToast } from '../../ui/toast.js';

interface CoachingState {
  /** The call the viewer is on as a coach (one at a time). */
  session: CoachingSession | null;
  /** Whether the session carries audio: false with the simulator, whose calls have none (no microphone, no connection). */
  audio: boolean;
  /** The agent whose call is being joined. */
  joining: string | null;
  switching: boolean;
}

export const coaching = proxy<CoachingState>({ session: null, audio: false, joining: null, switching: false });
export const useCoaching = () => useSnapshot(coaching);

/** The coach's one connection: the microphone goes out on it from the join, whatever the mode (the server decides who hears it). */
let connection: { pc: RTCPeerConnection; stream: MediaStream; audio: HTMLAudioElement } | null = null;

/** How long ICE gathering may take before the offer goes with the candidates found so far. */
const GATHERING_WAIT_MS = 1_000;
/**
 * Without STUN or TURN servers every candidate is a host one, found at once: the offer goes this long after the first,
 * rather than when Chromium declares gathering complete (which can take seconds).
 */
const HOST_ONLY_SETTLE_MS = 50;

function release(): void {
  connection?.pc.close();
  connection?.stream.getTracks().forEach((track) => track.stop());
  if (connection) connection.audio.srcObject = null;
  connection = null;
  coaching.session = null;
}

/** The offer carries every candidate: the join is one request and needs no trickle. */
function gatheringDone(pc: RTCPeerConnection, hostOnly: boolean): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHERING_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') done();
    });
    if (hostOnly)
      pc.addEventListener('icecandidate', (event) => {
        if (event.candidate) setTimeout(done, HOST_ONLY_SETTLE_MS);
      });
  });
}

/**
 * Joins the agent's live call in Listen mode: hears both sides, nobody hears the coach. `audio`: the calls carry audio
 * (the listing's `media`); without it (the simulator) the join opens no microphone and sends no offer.
 */
export async function listen(agentId: string, audio: boolean): Promise<void> {
  if (coaching.joining) return;
  if (coaching.session) await leave();
  coaching.joining = agentId;
  let stream: MediaStream | undefined;
  let pc: RTCPeerConnection | undefined;
  try {
    if (!audio) {
      const session = await api('/api/coaching/sessions', { body: { agentId } });
      coaching.audio = false;
      coaching.session = session;
      return;
    }
    // The ICE servers (TURN credentials of this session) are read while the microphone opens.
    const servers = api('/api/dialer/state', { quiet: true }).catch(() => null);
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      errorToast('Microphone blocked', 'Allow the microphone to listen in: whisper and barge need it.');
      return;
    }
    const state = await servers;
    const iceServers = (state?.iceServers ?? []).map((server) => ({ ...server, urls: [...server.urls] }));
    pc = new RTCPeerConnection({ iceServers });
    for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
    const player = new Audio();
    player.autoplay = true;
    pc.addEventListener('track', (event) => {
      player.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      void player.play().catch(() => undefined);
    });
    await pc.setLocalDescription(await pc.createOffer());
    await gatheringDone(pc, iceServers.length === 0);
    const session = await api('/api/coaching/sessions', { body: { agentId, sdp: pc.localDescription!.sdp } });
    await pc.setRemoteDescription({ type: 'answer', sdp: session.sdp! });
    connection = { pc, stream, audio: player };
    coaching.audio = true;
    coaching.session = { ...session, sdp: undefined };
  } catch {
    // The API client showed why.
    pc?.close();
    stream?.getTracks().forEach((track) => track.stop());
  } finally {
    coaching.joining = null;
  }
}

/** Switches mode on the same connection: over the socket when it is up (quicker), else the API. */
export async function switchMode(mode: MonitorMode): Promise<void> {
  const session = coaching.session;
  if (!session || session.mode === mode || coaching.switching) return;
  coaching.switching = true;
  try {
    const socket = liveSocket();
    const changed = socket
      ? await new Promise<CoachingSession>((resolve, reject) =>
          socket.emit(SocketRequests.coachingMode, { sessionId: session.sessionId, mode }, (answer: CoachingAnswer) =>
            answer.ok && answer.session ? resolve(answer.session) : reject(new Error(answer.error)),
          ),
        )
      : await api(`/api/coaching/sessions/${session.sessionId}`, { method: 'PUT', body: { mode } });
    if (coaching.session?.sessionId === changed.sessionId) coaching.session.mode = changed.mode;
  } catch (error) {
    // The API client already showed an HTTP refusal; a socket refusal is shown here.
    if (!(error instanceof ApiError) && !isNetworkError(error))
      errorToast('Mode not changed', (error as Error).message);
  } finally {
    coaching.switching = false;
  }
}

export async function leave(): Promise<void> {
  const session = coaching.session;
  release();
  if (session)
    await api(`/api/coaching/sessions/${session.sessionId}`, { method: 'DELETE', quiet: true }).catch(() => undefined);
}

let followed = false;

/** The call ended (or the coach left from another tab): the connection goes. */
export function followCoaching(): void {
  if (followed) return;
  followed = true;
  onLive(SocketEvents.coachingEnded, ({ sessionId }) => {
    if (coaching.session?.sessionId === sessionId) release();
  });
}
