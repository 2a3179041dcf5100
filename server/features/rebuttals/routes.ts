import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  RebuttalInterestBody,
  RebuttalInterestResponse,
  RebuttalList,
} from '../../../shared/schemas/rebuttals/list.js';
import {
  ListenedCall,
  ListenedCallParams,
  ObjectionInsights,
} from '../../../shared/schemas/rebuttals/call-listening.js';
import { InsightsQuery } from '../../../shared/schemas/insights/query.js';
import type { Platform } from '../../platform/context.js';
import { listenedCall, objectionInsights } from './call-reports.js';
import { perIpLimit } from '../../platform/rate-limits.js';
import { joinRebuttalsWaitlist, listRebuttals } from './service.js';

export function rebuttalRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/rebuttals', { schema: { response: { 200: RebuttalList } } }, async () => listRebuttals(platform));

  api.post(
    '/rebuttals/interest',
    {
      config: { rateLimit: perIpLimit(20, 60) },
      schema: {
        body: RebuttalInterestBody,
        response: { 200: RebuttalInterestResponse, 201: RebuttalInterestResponse },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await joinRebuttalsWaitlist(platform, request.currentUser, request.body.email);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  api.get(
    '/rebuttals/calls/:id',
    { schema: { params: ListenedCallParams, response: { 200: ListenedCall } } },
    async (request) => listenedCall(platform, request.currentUser, request.params.id),
  );

  api.get(
    '/rebuttals/insights',
    { schema: { querystring: InsightsQuery, response: { 200: ObjectionInsights } } },
    async (request) => objectionInsights(platform, request.currentUser, request.query),
  );
}
