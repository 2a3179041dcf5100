import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SearchQuery, SearchResults } from '../../../shared/schemas/overview/search.js';
import { MeStats } from '../../../shared/schemas/overview/stats.js';
import type { Platform } from '../../platform/context.js';
import { searchFor, statsOf } from './service.js';

export function overviewRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/me/stats', { schema: { response: { 200: MeStats } } }, async (request) =>
    statsOf(platform, request.currentUser),
  );

  api.get('/search', { schema: { querystring: SearchQuery, response: { 200: SearchResults } } }, async (request) =>
    searchFor(
      platform,
      request.currentUser,
      request.query.q,
      request.query.limit ? Number(request.query.limit) : undefined,
    ),
  );
}
