import type { FastifyInstance } from 'fastify';
import { Jobs, type SystemPingJob } from '../../../shared/queues.js';
import { SystemPingResponse } from '../../../shared/schemas/system/ping.js';
import type { Platform } from '../../platform/context.js';
import { requireUser } from '../../platform/auth.js';

/** Proves the live path end to end: API enqueues, a worker processes and emits to the user's sockets. */
export function systemRoutes(app: FastifyInstance, platform: Platform) {
  app.post('/system/ping', { preHandler: requireUser(app, platform.db), schema: { response: { 202: SystemPingResponse } } }, async (request, reply) => {
    const data: SystemPingJob = { userId: request.currentUser._id.toHexString(), sentAt: platform.clock.now().toISOString() };
    const job = await platform.queues.system.add(Jobs.system.ping, data);
    return reply.status(202).send({ jobId: String(job.id) });
  });
}
