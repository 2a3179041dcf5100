import { io, type Socket } from 'socket.io-client';
import {
  SocketRefusals,
  SocketRequests,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketEventName,
  type SocketPayload,
} from '../../shared/events.js';
import { currentAccessToken, onAccessTokenRenewed, refreshAccessToken } from '../api/token.js';

type Handler = (payload: never) => void;
/** The app's socket, typed by the event catalogue (shared/events.ts) in both directions. */
type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** How handlers are stored: each set holds only handlers of its own event (`onLive` checks the pairing). */
type StoredHandler = (...args: unknown[]) => void;
const asListener = (handler: Handler) => handler as StoredHandler as ServerToClientEvents[SocketEventName];

let socket: LiveSocket | null = null;
let stopRenewing: (() => void) | null = null;
const handlers = new Map<SocketEventName, Set<Handler>>();
const resyncers = new Set<() => void>();

/**
 * The one socket of the app. Features subscribe with `onLive` at any time (before or after the
 * connection exists); the handshake always carries the current access token.
 */
export function connectLive(): void {
  if (socket) return;
  socket = io({
    path: '/socket.io',
    auth: (send) => send({ token: currentAccessToken() }),
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
    timeout: 10_000,
  });
  // A refused handshake (expired token) is not retried by the client: renew the token and try again. A refusal
  // for too many open connections stays: retrying would only be refused again.
  socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    const current = socket;
    if (!current || current.active || error.data?.code === SocketRefusals.tooManyConnectionsCode) return;
    void refreshAccessToken()
      .then((token) => {
        if (token && socket === current) current.connect();
      })
      .catch(() => undefined);
  });
  // The server closes a socket whose credentials ended (token expired, password changed, role changed): open it
  // again with the current token; a refused handshake then goes through the refresh above.
  socket.on('disconnect', (reason) => {
    const current = socket;
    if (reason === 'io server disconnect' && current) current.connect();
  });
  // The socket's authorisation lapses with the token it was opened with: each new token is handed over in place.
  stopRenewing = onAccessTokenRenewed((token) => {
    const current = socket;
    if (current?.connected) current.emit(SocketRequests.renewAuth, token);
  });
  for (const [event, set] of handlers) for (const handler of set) socket.on(event, asListener(handler));
  // A reconnect the server could not recover (window passed, server restarted without the session) may have missed
  // events: every feature that asked re-reads its state from REST.
  let connectedBefore = false;
  socket.on('connect', () => {
    const current = socket;
    if (connectedBefore && current && !current.recovered) for (const resync of resyncers) resync();
    connectedBefore = true;
  });
}

/** Runs `resync` after a reconnect that may have missed events; returns the unsubscribe function. */
export function onLiveResync(resync: () => void): () => void {
  resyncers.add(resync);
  return () => resyncers.delete(resync);
}

export function disconnectLive(): void {
  stopRenewing?.();
  stopRenewing = null;
  socket?.disconnect();
  socket = null;
}

/** The app's socket while it is connected (features that send client messages, e.g. the dialer's WebRTC offer). */
export function liveSocket(): LiveSocket | null {
  return socket?.connected ? socket : null;
}

/** Subscribes to a server event; returns the unsubscribe function (use it as an effect cleanup). */
export function onLive<E extends SocketEventName>(event: E, handler: (payload: SocketPayload<E>) => void): () => void {
  const name: SocketEventName = event;
  const set = handlers.get(name) ?? new Set<Handler>();
  handlers.set(name, set);
  set.add(handler as Handler);
  socket?.on(name, asListener(handler as Handler));
  return () => {
    set.delete(handler as Handler);
    socket?.off(name, asListener(handler as Handler));
  };
}
