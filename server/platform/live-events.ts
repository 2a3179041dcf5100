import type { Server } from 'socket.io';
import {
  Rooms,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketEventName,
  type SocketPayload,
} from '../../shared/events.js';
import type { Presence } from './presence.js';

/**
 * The only door to Socket.IO for features. In the API it wraps the real server; in a worker it
 * wraps a headless server on the same Redis Streams adapter, so a worker's emit reaches sockets
 * held by any API node.
 */
export interface LiveEvents {
  toUser<E extends SocketEventName>(userId: string, event: E, payload: SocketPayload<E>): void;
  toUsers<E extends SocketEventName>(userIds: string[], event: E, payload: SocketPayload<E>): void;
  toRoom<E extends SocketEventName>(room: string, event: E, payload: SocketPayload<E>): void;
  /** How many sockets (tabs, devices) of this user are connected across all nodes. */
  connectedCount(userId: string): Promise<number>;
  /**
   * Closes every socket of this user on every node (the adapter carries the order across nodes). For when the
   * credentials they were opened with no longer hold: the client reconnects with a current token, or not at all.
   */
  endUserSockets(userId: string): void;
}

/** The Socket.IO server typed by the event catalogue (shared/events.ts). */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;

export function liveEventsFrom(io: LiveServer, presence: Presence): LiveEvents {
  // Socket.IO cannot relate a still-generic event name to its arguments; the pairing is checked at the callers,
  // by the signatures of LiveEvents above.
  const send = <E extends SocketEventName>(rooms: string | string[], event: E, payload: SocketPayload<E>) =>
    io.to(rooms).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  return {
    toUser(userId, event, payload) {
      send(Rooms.user(userId), event, payload);
    },
    toUsers(userIds, event, payload) {
      if (userIds.length === 0) return;
      send(userIds.map(Rooms.user), event, payload);
    },
    toRoom(room, event, payload) {
      send(room, event, payload);
    },
    connectedCount(userId) {
      return presence.count(userId);
    },
    endUserSockets(userId) {
      io.in(Rooms.user(userId)).disconnectSockets(true);
    },
  };
}
