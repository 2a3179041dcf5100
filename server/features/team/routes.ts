import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { TeamActivityToday } from '../../../shared/schemas/team/activity.js';
import type { Platform } from '../../platform/context.js';
import { teamActivityToday } from './service.js';

export function teamRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/team/activity/today', { schema: { response: { 200: TeamActivityToday } } }, async (request) =>
    teamActivityToday(platform, request.currentUser),
  );
}
