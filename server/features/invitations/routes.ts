import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { InvitationBody, InvitationResponse } from '../../../shared/schemas/invitations/create.js';
import { requireUser } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { limitBy } from '../../platform/rate-limits.js';
import { inviteToTeam } from './service.js';

export function invitationRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Invitations are real e-mails to third parties: a few per hour per agent, not a mailing tool.
  const perInviter = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'invitations',
    max: 30,
    windowSeconds: 3600,
    key: (request) => request.currentUser?._id.toHexString(),
  });
  api.post(
    '/invitations',
    { preHandler: [requireUser(app, platform.db), perInviter], schema: { body: InvitationBody, response: { 201: InvitationResponse } } },
    async (request, reply) => reply.status(201).send(await inviteToTeam(platform, request.currentUser, request.body.email)),
  );
}
