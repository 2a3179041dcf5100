import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from 'mongodb';
import { Server, type Socket } from 'socket.io';
import {
  MAX_SOCKETS_PER_USER,
  Rooms,
  SocketRefusals,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../shared/events.js';
import { findSignedInUser, type UserDoc } from '../features/users/public.js';
import { verifiedClaims, verifyAccessToken } from './auth.js';
import type { LiveServer } from './live-events.js';
import { watchAuthorisation } from './socket-auth.js';
import { HEARTBEAT_MS, type Presence } from './presence.js';
import { orderRecoveries } from './socket-recovery.js';

export interface SocketData {
  userId: string;
  role: UserDoc['role'];
  /** The user's session version when the token was checked: a password reset ends recovered sessions too. */
  sessionVersion: number;
  /** When the access token the socket was opened or last renewed with expires (ms since the epoch). */
  authExpiresAt: number;
}

/** A server-side socket, typed by the event catalogue in both directions (shared/events.ts). */
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A feature's socket handlers: rooms it lets a socket join (re-checking permission) and messages it takes. */
export type SocketFeature = (socket: AppSocket) => void | Promise<void>;

/**
 * A recovered socket skips the handshake middleware: running it (a database read) after the socket rejoined its
 * rooms but before it counts as connected would drop the events broadcast in between. Its session was
 * authenticated when it dropped; here the user must still exist, with the same role and session version.
 */
async function recoveredUser(db: Db, data: SocketData): Promise<UserDoc | null> {
  if (!data?.userId || !(data.authExpiresAt > Date.now())) return null;
  const user = await findSignedInUser(db, data.userId);
  if (!user || user.role !== data.role || (user.sessionVersion ?? 0) !== data.sessionVersion) return null;
  return user;
}

/** Short network cuts lose no event: the adapter keeps the session and replays missed packets. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

export function createAdapterOptions(redisPrefix: string) {
  return {
    streamName: `${redisPrefix}:socket.io`,
    channelPrefix: `${redisPrefix}:socket.io`,
    sessionKeyPrefix: `${redisPrefix}:sio:session:`,
    maxLen: 100_000,
    blockTimeInMs: 1_000,
  };
}

export interface SocketServerOptions {
  httpServer: HttpServer;
  adapterRedis: Redis;
  app: FastifyInstance;
  db: Db;
  allowedOrigins: string[];
  redisPrefix: string;
  features: SocketFeature[];
  presence: Presence;
}

export function createSocketServer(options: SocketServerOptions): LiveServer {
  const { allowedOrigins } = options;
  const io: LiveServer = new Server(options.httpServer, {
    path: '/socket.io',
    adapter: createAdapter(options.adapterRedis, createAdapterOptions(options.redisPrefix)),
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true },
    cors: { origin: allowedOrigins, credentials: true },
    // Browsers always send Origin; a request without it comes from a non-browser client and carries its own token.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, !origin || allowedOrigins.includes(origin));
    },
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 1e5,
  });

  orderRecoveries(io.of('/').adapter);

  // The handshake believes what HTTP believes: the token is checked and its user read (from this node's user cache,
  // which every user write empties on every node), and the socket's user, role and rooms come from that stored user,
  // never from the token's claims. A token signed with the server's secret for a user that does not exist, with a
  // session version the user never had or with a role the user does not hold is refused or put in its own rooms.
  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      let verified = await verifyAccessToken(options.app, options.db, token);
      if (!verified) return next(new Error(SocketRefusals.unauthorized));
      const userId = verified.user._id.toHexString();
      const issuedAt = (verifiedClaims(options.app, token)?.iat ?? 0) * 1000;
      // Presence being unreachable must not keep users out: the cap is then not enforced, as with the rate limits.
      const admission = await options.presence
        .admit(userId, socket.id, MAX_SOCKETS_PER_USER, issuedAt)
        .catch(() => 'admitted' as const);
      if (admission === 'refused') {
        return next(
          Object.assign(new Error(SocketRefusals.tooManyConnections), {
            data: { code: SocketRefusals.tooManyConnectionsCode },
          }),
        );
      }
      // A revocation stamped while the user was being read (its write may not have reached this node's cache then)
      // is checked again; one stamped later closes this socket itself, since the socket joins its rooms right away.
      if (admission === 'admitted, check the user') verified = await verifyAccessToken(options.app, options.db, token);
      if (!verified) {
        options.presence.disconnected(userId, socket.id).catch(() => undefined);
        return next(new Error(SocketRefusals.unauthorized));
      }
      const data: SocketData = {
        userId,
        role: verified.user.role,
        sessionVersion: verified.user.sessionVersion ?? 0,
        authExpiresAt: verified.session.expiresAt,
      };
      (socket as AppSocket).data = data;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', async (rawSocket) => {
    const socket = rawSocket as AppSocket;
    if (socket.recovered) {
      const user = await recoveredUser(options.db, socket.data);
      if (!user) return socket.disconnect(true);
    }
    // Rooms are joined before anything is awaited: the client is told it is connected in this same tick, and an
    // event sent to it right after must find it in its rooms. On recovery it is already back in them.
    const { userId, role } = socket.data;
    void socket.join(role === 'admin' ? [Rooms.user(userId), Rooms.admins] : Rooms.user(userId));
    const stopWatching = watchAuthorisation(socket, options.app, options.db);
    socket.on('disconnect', () => {
      stopWatching();
      options.presence
        .disconnected(userId, socket.id)
        .catch((error) => options.app.log.warn({ err: error }, 'presence not updated'));
    });
    const joined = options.features.map((feature) =>
      Promise.resolve()
        .then(() => feature(socket))
        .catch((error) => options.app.log.error({ err: error }, 'socket feature failed')),
    );
    // A socket let in by the handshake was counted by the admission script; a recovered one skipped it.
    if (socket.recovered)
      await options.presence
        .connected(userId, socket.id)
        .catch((error) => options.app.log.warn({ err: error }, 'presence not updated'));
    await Promise.all(joined);
  });

  return io;
}

/** A Socket.IO server with no HTTP listener: workers use it to emit through the shared adapter. */
export function createHeadlessSocketServer(adapterRedis: Redis, redisPrefix: string): LiveServer {
  return new Server({ adapter: createAdapter(adapterRedis, createAdapterOptions(redisPrefix)) });
}

/** Keeps this node's sockets counted in Redis presence; returns the function that stops it. */
export function startPresenceHeartbeat(io: LiveServer, presence: Presence, log: FastifyInstance['log']): () => void {
  const timer = setInterval(() => {
    const sockets = [...io.of('/').sockets.values()].map((s) => ({
      userId: (s as AppSocket).data.userId,
      socketId: s.id,
    }));
    presence
      .heartbeat(sockets.filter((s) => s.userId))
      .catch((error) => log.warn({ err: error }, 'presence heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
