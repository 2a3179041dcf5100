import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { RebuttalInterestBody, RebuttalInterestResponse } from '../../../shared/schemas/rebuttals/list.js';
import {
  RebuttalBody,
  RebuttalItem,
  RebuttalList,
  RebuttalParams,
  RebuttalVote,
} from '../../../shared/schemas/rebuttals/library.js';
import {
  ListenedCall,
  ListenedCallParams,
  ObjectionInsights,
} from '../../../shared/schemas/rebuttals/call-listening.js';
import { InsightsQuery } from '../../../shared/schemas/insights/query.js';
import type { Platform } from '../../platform/context.js';
import { listenedCall, objectionInsights } from './call-reports.js';
import { perIpLimit } from '../../platform/rate-limits.js';
import { createRebuttal, editRebuttal, listRebuttals, removeRebuttal, toggleRebuttalVote } from './library.js';
import { joinRebuttalsWaitlist } from './service.js';

export function rebuttalRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/rebuttals', { schema: { response: { 200: RebuttalList } } }, async (request) =>
    listRebuttals(platform, request.currentUser),
  );

  api.post('/rebuttals', { schema: { body: RebuttalBody, response: { 201: RebuttalItem } } }, async (request, reply) =>
    reply.status(201).send(await createRebuttal(platform, request.currentUser, request.body)),
  );

  api.put(
    '/rebuttals/:id',
    { schema: { params: RebuttalParams, body: RebuttalBody, response: { 200: RebuttalItem } } },
    async (request) => editRebuttal(platform, request.currentUser, request.params.id, request.body),
  );

  api.delete('/rebuttals/:id', { schema: { params: RebuttalParams } }, async (request, reply) => {
    await removeRebuttal(platform, request.currentUser, request.params.id);
    return reply.status(204).send();
  });

  api.post(
    '/rebuttals/:id/vote',
    { schema: { params: RebuttalParams, response: { 200: RebuttalVote } } },
    async (request) => toggleRebuttalVote(platform, request.currentUser, request.params.id),
  );

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
