import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { WaitlistJoinBody, WaitlistJoined } from '../../../shared/schemas/waitlist/join.js';
import type { Platform } from '../../platform/context.js';
import { perIpLimit } from '../../platform/rate-limits.js';
import { joinWaitlist } from './service.js';

export function waitlistRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/waitlist',
    {
      schema: { body: WaitlistJoinBody, response: { 201: WaitlistJoined } },
      config: { rateLimit: perIpLimit(20, 60) },
    },
    async (request, reply) => reply.status(201).send(await joinWaitlist(platform, request.body)),
  );
}
