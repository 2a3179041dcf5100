import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import type { QueueName } from '../../shared/queues.js';
import type { Platform } from '../platform/context.js';
import type { QueueProcessor } from '../platform/queues.js';
import type { SocketFeature } from '../platform/sockets.js';

/** One step of the demo data, written through the same services the API uses. Each step is idempotent. */
export interface SeedStep {
  name: string;
  /** Names of the steps whose data this one reads (it runs after them). */
  after?: string[];
  run(platform: Platform): Promise<void>;
}

/**
 * Who may call an API route (held to by tests/integration/security-access.test.ts):
 * - public: anyone, signed in or not.
 * - dev: anyone, outside production only (the route does not exist in production).
 * - signedIn: any signed-in user; a resource that is not theirs answers 404 (or 403 where its existence is public).
 * - ownerOrAdmin: campaign owners (for their own campaigns) and admins; sales users get 403.
 * - admin: admins only; everyone else signed in gets 403.
 * - signedInOrLink: a file route: a signed-in user, or anyone holding a signed link to that file (`?sig=`); the route
 *   checks which, so the door lets everyone through.
 * The app attaches the check to each route on request, before its body or query is validated (a caller without the
 * right gets 401/403 whatever it sends), from this table alone: a route without an entry stops start-up.
 */
export type RouteAccess = 'public' | 'dev' | 'signedIn' | 'signedInOrLink' | 'ownerOrAdmin' | 'admin';

/** The processor of one queue (shared/queues.ts): how many jobs a worker process runs at once, and the processor it builds. */
export interface QueueWorker<Q extends QueueName> {
  queue: Q;
  concurrency: number;
  processor(platform: Platform): QueueProcessor<Q>;
}

/** A `QueueWorker` of any queue, its processor typed by that queue's jobs. */
export type AnyQueueWorker = { [Q in QueueName]: QueueWorker<Q> }[QueueName];

/**
 * What a feature folder plugs into the app: its indexes, its routes (under /api) with who may call each, its socket
 * handlers, the processors of the queues it owns and its demo data step. The app, the worker list, the access table
 * and the seed list are all derived from the features.
 */
export interface Feature {
  name: string;
  indexes?(db: Db): Promise<void>;
  routes?(app: FastifyInstance, platform: Platform): Promise<void> | void;
  /** Every route the feature registers, as 'METHOD /api/path' (Fastify's pattern), with who may call it. */
  access?: Record<string, RouteAccess>;
  socket?(platform: Platform): SocketFeature;
  /** The queues whose jobs this feature processes; each queue has exactly one processor among all features. */
  workers?: AnyQueueWorker[];
  seed?: SeedStep;
}
