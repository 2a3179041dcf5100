import { SocketEvents } from '../../shared/events.js';
import type { LiveEvents } from '../../server/platform/live-events.js';
import type { TestSocket } from './app.js';

/**
 * Transport tests send numbered markers through the real emit path (rooms, adapter, recovery). The markers ride on
 * `system:pong`, which every socket may receive and no screen acts on; a marker is not a pong, so this is the one
 * place that steps around the event catalogue's payload types.
 */
export function liveMarkers(live: LiveEvents) {
  const loose = live as unknown as {
    toUser(userId: string, event: string, marker: object): void;
    toRoom(room: string, event: string, marker: object): void;
  };
  return {
    toUser: (userId: string, marker: object) => loose.toUser(userId, SocketEvents.systemPong, marker),
    toRoom: (room: string, marker: object) => loose.toRoom(room, SocketEvents.systemPong, marker),
  };
}

/** The receiving side of `liveMarkers`: the markers a socket hears, typed as the test sent them. */
export function onMarker<M extends object>(socket: TestSocket, listener: (marker: M) => void): void {
  socket.on(SocketEvents.systemPong, listener as unknown as (payload: unknown) => void);
}
