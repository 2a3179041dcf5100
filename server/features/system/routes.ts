import type { FastifyInstance } from 'fastify';
import { Jobs, type SystemPingJob } from '../../../shared/queues.js';
import { SystemPingResponse } from '../../../shared/schemas/system/ping.js';
import type { Platform } from '../../platform/context.js';
import { limitBy, perIpLimit } from '../../platform/rate-limits.js';
import { enqueue } from '../../platform/queues.js';

/** Proves the live path end to end: API enqueues, a worker processes and emits to the user's sockets. */
export function systemRoutes(app: FastifyInstance, platform: Platform) {
  // Each ping queues a job and pushes an event: bounded per person (a check nobody needs more than once a second)
  // and per address (many accounts from one place).
  const perUser = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'system-ping',
    max: 60,
    windowSeconds: 60,
    key: (request) => request.currentUser?._id.toHexString(),
  });
  app.post(
    '/system/ping',
    {
      preHandler: perUser,
      config: { rateLimit: perIpLimit(600, 60) },
      schema: { response: { 202: SystemPingResponse } },
    },
    async (request, reply) => {
      const data: SystemPingJob = {
        userId: request.currentUser._id.toHexString(),
        sentAt: platform.clock.now().toISOString(),
      };
      const job = await enqueue(platform.queues.system, Jobs.system.ping, data);
      return reply.status(202).send({ jobId: String(job.id) });
    },
  );
}
