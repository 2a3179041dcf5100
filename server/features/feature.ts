import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import type { Platform } from '../platform/context.js';
import type { SocketFeature } from '../platform/sockets.js';

/** What a feature folder plugs into the app: its indexes, its routes (under /api) and its socket handlers. */
export interface Feature {
  name: string;
  indexes?(db: Db): Promise<void>;
  routes?(app: FastifyInstance, platform: Platform): Promise<void> | void;
  socket?(platform: Platform): SocketFeature;
}
