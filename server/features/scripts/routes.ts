import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ScriptItem,
  ScriptList,
  ScriptListQuery,
  ScriptParams,
  ScriptUpdateBody,
} from '../../../shared/schemas/scripts/list.js';
import type { Platform } from '../../platform/context.js';
import { editScript, listScripts } from './service.js';

export function scriptRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/scripts', { schema: { querystring: ScriptListQuery, response: { 200: ScriptList } } }, async (request) =>
    listScripts(platform, request.currentUser, request.query.campaign),
  );

  api.put(
    '/scripts/:id',
    { schema: { params: ScriptParams, body: ScriptUpdateBody, response: { 200: ScriptItem } } },
    async (request) => editScript(platform, request.currentUser, request.params.id, request.body),
  );
}
