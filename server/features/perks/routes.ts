import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PerkList, PerkListQuery } from '../../../shared/schemas/perks/list.js';
import type { Platform } from '../../platform/context.js';
import { listPerks } from './service.js';

export function perkRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/perks', { schema: { querystring: PerkListQuery, response: { 200: PerkList } } }, async (request) =>
    listPerks(platform, request.query),
  );
}
