import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SupportAccepted, SupportBody } from '../../../shared/schemas/support/create.js';
import type { Platform } from '../../platform/context.js';
import { limitBy } from '../../platform/rate-limits.js';
import { sendSupportRequest } from './service.js';

export function supportRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Every request mails the support team: a handful per user and hour keeps the inbox usable.
  const perUser = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'support',
    max: 5,
    windowSeconds: 3600,
    key: (request) => request.currentUser?._id.toHexString(),
  });
  api.post(
    '/support',
    { preHandler: perUser, schema: { body: SupportBody, response: { 202: SupportAccepted } } },
    async (request, reply) =>
      reply.status(202).send(await sendSupportRequest(platform, request.currentUser, request.body)),
  );
}
