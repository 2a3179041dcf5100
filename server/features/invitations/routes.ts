import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { InvitationBody, InvitationResponse } from '../../../shared/schemas/invitations/create.js';
import type { Platform } from '../../platform/context.js';
import { limitBy } from '../../platform/rate-limits.js';
import { ReferralAnswer, ReferralParams } from '../../../shared/schemas/invitations/referral.js';
import { inviteToTeam, referralInviter } from './service.js';

export function invitationRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Invitations are real e-mails to third parties: a few per hour per agent, not a mailing tool.
  const perInviter = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'invitations',
    max: 30,
    windowSeconds: 3600,
    key: (request) => request.currentUser?._id.toHexString(),
  });
  // Public (a visitor on the sign-up form), so bounded per address: enough to open links, too few to walk codes.
  const perAddress = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'referral-lookups',
    max: 30,
    windowSeconds: 600,
    key: (request) => request.ip,
  });
  api.get(
    '/referrals/:code',
    { preHandler: perAddress, schema: { params: ReferralParams, response: { 200: ReferralAnswer } } },
    async (request) => referralInviter(platform, request.params.code),
  );
  api.post(
    '/invitations',
    { preHandler: perInviter, schema: { body: InvitationBody, response: { 201: InvitationResponse } } },
    async (request, reply) =>
      reply.status(201).send(await inviteToTeam(platform, request.currentUser, request.body.email)),
  );
}
