import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BonsaiQuery, BonsaiResponse } from '../../../shared/schemas/bonsai/get.js';
import type { Platform } from '../../platform/context.js';
import { bonsaiOf } from './service.js';

export function bonsaiRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/bonsai', { schema: { querystring: BonsaiQuery, response: { 200: BonsaiResponse } } }, async (request) =>
    bonsaiOf(platform, request.currentUser, request.query),
  );
}
