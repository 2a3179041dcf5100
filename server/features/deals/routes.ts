import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CancelDealBody, DealParams } from '../../../shared/schemas/deals/cancel.js';
import { CloseLeadBody, DealItem, LeadParams } from '../../../shared/schemas/deals/close.js';
import { LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import type { Platform } from '../../platform/context.js';
import { leadDealFor } from './lead-deal.js';
import { cancelDeal, closeLead } from './service.js';

export function dealRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/leads/:id/close',
    { schema: { params: LeadParams, body: CloseLeadBody, response: { 201: DealItem } } },
    async (request, reply) =>
      reply.status(201).send(await closeLead(platform, request.currentUser, request.params.id, request.body)),
  );

  api.get('/leads/:id/deal', { schema: { params: LeadParams, response: { 200: LeadDealView } } }, async (request) =>
    leadDealFor(platform, request.currentUser, request.params.id),
  );

  api.post(
    '/deals/:id/cancel',
    { schema: { params: DealParams, body: CancelDealBody, response: { 200: DealItem } } },
    async (request) => cancelDeal(platform, request.currentUser, request.params.id, request.body ?? {}),
  );
}
