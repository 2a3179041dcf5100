import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { FollowUpList } from '../../../shared/schemas/follow-ups/list.js';
import type { Platform } from '../../platform/context.js';
import { followUpsFor } from './service.js';

export function followUpRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/follow-ups', { schema: { response: { 200: FollowUpList } } }, async (request) =>
    followUpsFor(platform, request.currentUser),
  );
}
