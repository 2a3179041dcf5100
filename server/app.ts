import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { features as allFeatures } from './features/index.js';
import type { Feature } from './features/feature.js';
import { registerJwt } from './platform/auth.js';
import { routeDoor } from './features/route-access.js';
import { keepApiAnswersOutOfCaches } from './platform/cache-control.js';
import { serveClientFiles } from './platform/client-files.js';
import { compressApiAnswers } from './platform/compression.js';
import type { Platform } from './platform/context.js';
import { installErrorHandler } from './platform/errors.js';
import { shedLoad } from './platform/load-shedding.js';
import { refuseNulCharacters } from './platform/input-guards.js';
import { scaleRateLimits } from './platform/rate-limits.js';
import { securityHeaders } from './platform/security-headers.js';
import { fastifyTrustProxy } from './platform/trust-proxy.js';
import { healthRoutes } from './platform/health.js';
import { liveEventsFrom, type LiveServer } from './platform/live-events.js';
import { startNodeCaches } from './platform/node-cache.js';
import { redisPresence } from './platform/presence.js';
import { createSocketServer, startPresenceHeartbeat, type SocketFeature } from './platform/sockets.js';
import { validatorCompiler } from './platform/validation.js';

export interface AppDeps extends Omit<Platform, 'live'> {
  /** A Redis connection of its own: the Streams adapter blocks on XREAD. */
  adapterRedis: Redis;
}

/** What the security suite needs to call every route: collected as routes register. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
}

export interface BuiltApp {
  app: FastifyInstance;
  io: LiveServer;
  platform: Platform;
  routes: RouteEntry[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where `vite build` put the client, whether we run from source (tsx) or from dist/. */
export function clientDir(): string | undefined {
  const candidates = [
    path.resolve(here, '../client'),
    path.resolve(here, '../dist/client'),
    path.resolve(here, '../../dist/client'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

/** Plugins in order: external (security, cookies, JWT, limits) -> app (errors, health, sockets) -> feature routes -> feature mounts -> client files. */
export interface BuildAppOptions {
  features?: Feature[];
  /** false: API only (tests, benchmarks). */
  serveClient?: boolean;
  /** A built client to serve instead of dist/client (tests). */
  clientDir?: string;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const { config } = deps;
  scaleRateLimits(config.rateLimitFactor);
  const app = Fastify({
    loggerInstance: deps.log as unknown as FastifyBaseLogger,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64
        ? req.headers['x-request-id']
        : randomUUID(),
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  app.setValidatorCompiler(validatorCompiler);

  securityHeaders(app, config);
  await app.register(fastifyCookie);
  await registerJwt(app, config.jwtSecret);
  await app.register(fastifyRateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: `${config.redisPrefix}:rate:`,
    skipOnError: true,
  });
  installErrorHandler(app);
  refuseNulCharacters(app);
  const routes: RouteEntry[] = [];
  const features = options.features ?? allFeatures;
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  healthRoutes(app, deps);
  const nodeCaches = startNodeCaches(deps.db, deps.redis, config.redisPrefix, (error) =>
    app.log.warn({ err: error }, 'node cache subscription failed'),
  );

  // Filled once the platform exists; the socket server reads it on each connection.
  const socketFeatures: SocketFeature[] = [];
  const presence = redisPresence(deps.redis, config.redisPrefix);
  const io = createSocketServer({
    httpServer: app.server,
    adapterRedis: deps.adapterRedis,
    app,
    db: deps.db,
    allowedOrigins: config.allowedOrigins,
    redisPrefix: config.redisPrefix,
    features: socketFeatures,
    presence,
  });
  const stopHeartbeat = startPresenceHeartbeat(io, presence, app.log);
  const platform: Platform = { ...deps, live: liveEventsFrom(io, presence) };

  await app.register(
    async (api) => {
      shedLoad(api, config.loadShedding);
      await compressApiAnswers(api);
      keepApiAnswersOutOfCaches(api);
      // Only the API's own routes: the client's files are served beside it (from source, client/api/*.ts too).
      api.addHook('onRoute', routeDoor(app, deps.db, features));
      for (const feature of features) feature.apiHooks?.(api, platform);
      for (const feature of features) await feature.routes?.(api, platform);
    },
    { prefix: '/api' },
  );

  for (const feature of features) if (feature.socket) socketFeatures.push(feature.socket(platform));

  // Before the client's files: a feature's pages (the admin's queue board) register @fastify/static in their own scope.
  for (const feature of features) await feature.mount?.(app, platform);

  const dir = options.serveClient === false ? undefined : (options.clientDir ?? clientDir());
  if (dir) await serveClientFiles(app, dir);

  // Open websockets would hold the HTTP server's close until they time out. Closing their transports first makes
  // clients reconnect at once (to another node behind the proxy) with their session kept for recovery.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    stopHeartbeat();
    await nodeCaches.stop();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  return { app, io, platform, routes };
}
