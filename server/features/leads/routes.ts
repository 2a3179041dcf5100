import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  IMPORT_LIMITS,
  ImportAccepted,
  ImportMessages,
  ImportParams,
  ImportStatus,
} from '../../../shared/schemas/leads/import.js';
import { LeadDetail, LeadParams } from '../../../shared/schemas/leads/lead.js';
import { LeadList, LeadListQuery } from '../../../shared/schemas/leads/list.js';
import { LeadRequestBody, LeadRequestResult } from '../../../shared/schemas/leads/request.js';
import { LeadUpdateBody } from '../../../shared/schemas/leads/update.js';
import type { Platform } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { campaignForImport, importStatusFor, rejectedRowsCsv, startImport, type UploadPart } from './import-service.js';
import { leadDetailFor, listLeadsFor, requestLeads, updateLeadFor } from './service.js';

/**
 * The page of leads goes out through JSON.stringify rather than the schema's compiled serializer: `toLeadItems`
 * builds every item field by field from the LeadItem schema, so there is nothing for a schema to leave out, and
 * fast-json-stringify assembles the 14 KB page from thousands of string pieces that are then joined for the length,
 * about 1.4x the CPU and 3x the garbage of JSON.stringify per page. The schema still documents and types the answer.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export async function leadRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // Multipart is registered in a scope of its own so other features may register it too.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
    });
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .post(
        '/campaigns/:id/leads/import',
        { schema: { params: ImportParams, response: { 202: ImportAccepted } } },
        async (request, reply) => {
          const campaign = await campaignForImport(platform, request.currentUser, request.params.id);
          if (!request.isMultipart()) throw badRequest(ImportMessages.noFile, 'Import failed');
          async function* parts(): AsyncIterable<UploadPart> {
            for await (const part of request.parts()) {
              if (part.type === 'file')
                yield {
                  type: 'file',
                  fieldname: part.fieldname,
                  filename: part.filename,
                  mimetype: part.mimetype,
                  file: part.file,
                };
              else yield { type: 'field', fieldname: part.fieldname, value: part.value };
            }
          }
          try {
            return reply.status(202).send(await startImport(platform, request.currentUser, campaign, parts()));
          } catch (error) {
            // A refused upload may stop being read part-way: closing the connection after the answer discards the
            // rest instead of leaving a half-read request on a kept-alive socket.
            reply.header('connection', 'close');
            throw error;
          }
        },
      );
  });

  api.get('/imports/:id', { schema: { params: ImportParams, response: { 200: ImportStatus } } }, async (request) =>
    importStatusFor(platform, request.currentUser, request.params.id),
  );

  api.get('/imports/:id/rejected.csv', { schema: { params: ImportParams } }, async (request, reply) => {
    const report = await rejectedRowsCsv(platform, request.currentUser, request.params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${report.fileName}"`);
    return reply.send(Readable.from(report.lines));
  });

  api.get(
    '/leads',
    { schema: { querystring: LeadListQuery, response: { 200: LeadList } }, serializerCompiler: plainJson },
    async (request) => listLeadsFor(platform, request.currentUser, request.query),
  );

  api.post(
    '/leads/request',
    { schema: { body: LeadRequestBody, response: { 200: LeadRequestResult } } },
    async (request) => requestLeads(platform, request.currentUser, request.body),
  );

  api.get('/leads/:id', { schema: { params: LeadParams, response: { 200: LeadDetail } } }, async (request) =>
    leadDetailFor(platform, request.currentUser, request.params.id),
  );

  api.patch(
    '/leads/:id',
    { schema: { params: LeadParams, body: LeadUpdateBody, response: { 200: LeadDetail } } },
    async (request) => updateLeadFor(platform, request.currentUser, request.params.id, request.body),
  );
}
