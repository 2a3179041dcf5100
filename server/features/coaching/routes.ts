import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CoachingAuditList, CoachingAuditQuery } from '../../../shared/schemas/coaching/audit.js';
import {
  ChangeModeBody,
  CoachingIndicator,
  CoachingSession,
  ListenableCalls,
  SessionParams,
  StartListeningBody,
} from '../../../shared/schemas/coaching/sessions.js';
import type { Platform } from '../../platform/context.js';
import { changeMode, coachingAudit, indicatorOf, listenableCalls, startListening, stopListening } from './service.js';

export function coachingRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/coaching/calls', { schema: { response: { 200: ListenableCalls } } }, async (request) =>
    listenableCalls(platform, request.currentUser),
  );
  api.post(
    '/coaching/sessions',
    { schema: { body: StartListeningBody, response: { 201: CoachingSession } } },
    async (request, reply) => {
      reply.code(201);
      return startListening(platform, request.currentUser, request.body, 'http');
    },
  );
  api.put(
    '/coaching/sessions/:id',
    { schema: { params: SessionParams, body: ChangeModeBody, response: { 200: CoachingSession } } },
    async (request) => changeMode(platform, request.currentUser, request.params.id, request.body.mode, 'http'),
  );
  api.delete('/coaching/sessions/:id', { schema: { params: SessionParams } }, async (request, reply) => {
    await stopListening(platform, request.currentUser, request.params.id, 'http');
    reply.code(204);
  });
  api.get('/coaching/mine', { schema: { response: { 200: CoachingIndicator } } }, async (request) =>
    indicatorOf(platform, request.currentUser._id),
  );
  api.get(
    '/coaching/audit',
    { schema: { querystring: CoachingAuditQuery, response: { 200: CoachingAuditList } } },
    async (request) => coachingAudit(platform, request.currentUser, request.query.limit),
  );
}
