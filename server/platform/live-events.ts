import type { Server } from 'socket.io';
import { Rooms, type SocketEventName } from '../../shared/events.js';
import type { Presence } from './presence.js';

/**
 * The only door to Socket.IO for features. In the API it wraps the real server; in a worker it
 * wraps a headless server on the same Redis Streams adapter, so a worker's emit reaches sockets
 * held by any API node.
 */
export interface LiveEvents {
  toUser(userId: string, event: SocketEventName, payload: unknown): void;
  toUsers(userIds: string[], event: SocketEventName, payload: unknown): void;
  toRoom(room: string, event: SocketEventName, payload: unknown): void;
  /** How many sockets (tabs, devices) of this user are connected across all nodes. */
  connectedCount(userId: string): Promise<number>;
  /**
   * Closes every socket of this user on every node (the adapter carries the order across nodes). For when the
   * credentials they were opened with no longer hold: the client reconnects with a current token, or not at all.
   */
  endUserSockets(userId: string): void;
}

export function liveEventsFrom(io: Server, presence: Presence): LiveEvents {
  return {
    toUser(userId, event, payload) {
      io.to(Rooms.user(userId)).emit(event, payload);
    },
    toUsers(userIds, event, payload) {
      if (userIds.length === 0) return;
      io.to(userIds.map(Rooms.user)).emit(event, payload);
    },
    toRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    connectedCount(userId) {
      return presence.count(userId);
    },
    endUserSockets(userId) {
      io.in(Rooms.user(userId)).disconnectSockets(true);
    },
  };
}
