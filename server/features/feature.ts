import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import type { Processor } from 'bullmq';
import type { JobName, JobPayload, QueueName } from '../../shared/queues.js';
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

/** Undoes what a feature's `start` began; awaited at shutdown. */
export type Stop = () => Promise<unknown> | unknown;

/** What a feature's `start` may ask of the process it runs in. */
export interface FeatureProcess {
  /** This process serves the API (and holds its sockets); false in a worker process. */
  api: boolean;
  /**
   * Works a queue that exists for this process alone (not in shared/queues.ts), with its own connection and the lock and
   * stall rules of every queue; the returned stop closes it.
   */
  workQueue<T>(name: string, processor: Processor<T>, concurrency: number): Stop;
}

/** A repeatable job of a queue the feature owns: its job scheduler is upserted by every process that runs workers. */
export type Schedule = {
  [Q in QueueName]: {
    [N in JobName<Q>]: {
      queue: Q;
      /** The scheduler's id: the same in every process, so upserting it again changes one scheduler, never adds one. */
      id: string;
      repeat: { every: number } | { pattern: string };
      job: N;
      data: JobPayload<Q, N>;
      /** Whether this deployment needs it (absent: always). */
      when?(platform: Platform): boolean;
    };
  }[JobName<Q>];
}[QueueName];

/**
 * What a feature folder plugs into the app: its indexes, its routes (under /api) with who may call each, its socket
 * handlers, the processors of the queues it owns and their repeatable jobs, what it adds to the HTTP app beyond its
 * routes, what it runs while the process runs, and its demo data step. The app, the runtime, the worker list, the
 * access table and the seed list are all derived from the features; none of them names a feature.
 */
export interface Feature {
  name: string;
  indexes?(db: Db): Promise<void>;
  routes?(app: FastifyInstance, platform: Platform): Promise<void> | void;
  /** Every route the feature registers, as 'METHOD /api/path' (Fastify's pattern), with who may call it. */
  access?: Record<string, RouteAccess>;
  /**
   * Hooks on every API route, whichever feature registers it (campaigns: a campaign's slug where its id is taken). Added
   * to the /api scope before any feature's routes.
   */
  apiHooks?(api: FastifyInstance, platform: Platform): void;
  /** What it serves outside /api (admin: the queue board). Mounted after the API, before the client's files. */
  mount?(app: FastifyInstance, platform: Platform): Promise<void> | void;
  socket?(platform: Platform): SocketFeature;
  /** The queues whose jobs this feature processes; each queue has exactly one processor among all features. */
  workers?: AnyQueueWorker[];
  /** Repeatable jobs of its queues (a sweep, a daily audit). */
  schedules?: Schedule[];
  /**
   * Runs in every process (API and worker) once the platform exists, before the demo seed and the workers. What it
   * returns is called at shutdown, the features' stops in reverse order, after the workers and the HTTP server closed.
   */
  start?(platform: Platform, process: FeatureProcess): Stop | void | Promise<Stop | void>;
  seed?: SeedStep;
}
