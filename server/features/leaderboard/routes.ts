import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Leaderboard, LeaderboardQuery } from '../../../shared/schemas/leaderboard/standings.js';
import { requireUser } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { leaderboardFor } from './service.js';

export function leaderboardRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const signedIn = requireUser(app, platform.db);

  api.get('/leaderboard', { preHandler: signedIn, schema: { querystring: LeaderboardQuery, response: { 200: Leaderboard } } }, async (request) =>
    leaderboardFor(platform, request.currentUser, request.query),
  );
}
