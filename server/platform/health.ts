import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from 'mongodb';

async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process is alive. /readyz: MongoDB and Redis both answer, else 503 naming which one does not; why
 * (the driver's text, which may name hosts and users) goes to the log only.
 */
export function healthRoutes(app: FastifyInstance, deps: { db: Db; redis: Redis }) {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const answer = (dependency: string) => (error: Error) => {
      app.log.warn({ err: error, dependency }, 'readiness check failed');
      return 'unavailable';
    };
    const [mongo, redis] = await Promise.all([
      within(1_500, deps.db.command({ ping: 1 })).then(() => 'ok', answer('mongo')),
      within(1_500, deps.redis.ping()).then(() => 'ok', answer('redis')),
    ]);
    const ready = mongo === 'ok' && redis === 'ok';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', mongo, redis });
  });
}
