import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Leaderboard, LeaderboardQuery } from '../../../shared/schemas/leaderboard/standings.js';
import type { Platform } from '../../platform/context.js';
import { leaderboardFor } from './service.js';

export function leaderboardRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/leaderboard',
    { schema: { querystring: LeaderboardQuery, response: { 200: Leaderboard } } },
    async (request) => leaderboardFor(platform, request.currentUser, request.query),
  );
}
