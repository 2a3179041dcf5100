import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ClientItem, ClientParams } from '../../../shared/schemas/clients/client.js';
import { ClientList, ClientListQuery } from '../../../shared/schemas/clients/list.js';
import { ClientUpdateBody } from '../../../shared/schemas/clients/update.js';
import type { Platform } from '../../platform/context.js';
import { listClientsFor, updateClientFor } from './service.js';

export function clientRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/clients', { schema: { querystring: ClientListQuery, response: { 200: ClientList } } }, async (request) =>
    listClientsFor(platform, request.currentUser, request.query),
  );

  api.patch(
    '/clients/:id',
    { schema: { params: ClientParams, body: ClientUpdateBody, response: { 200: ClientItem } } },
    async (request) => updateClientFor(platform, request.currentUser, request.params.id, request.body),
  );
}
