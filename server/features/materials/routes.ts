import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { UPLOAD_LIMIT_BYTES } from '../../../shared/constants.js';
import { UploadMessages } from '../../../shared/schemas/materials/formats.js';
import {
  CreateFolderBody,
  MaterialFileQuery,
  MaterialFolder,
  MaterialFolderList,
  MaterialItem,
  MaterialList,
  MaterialListQuery,
  MaterialParams,
  StarResponse,
} from '../../../shared/schemas/materials/list.js';
import { bearerUser } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import {
  createFolder,
  deleteMaterial,
  fileViewer,
  foldersFor,
  listMaterialsFor,
  materialFile,
  toggleStar,
  uploadMaterial,
  type UploadPart,
} from './service.js';
import { sendFile } from '../../platform/file-answers.js';
import { tooLarge } from './storage.js';

/** Room for the form's text fields and boundaries around a file of exactly the limit. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** Refuses, before reading a byte, a body that declares itself too big (a streamed one is cut by busboy). */
export const declaredSizeGuard: onRequestAsyncHookHandler = async (request) => {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > UPLOAD_LIMIT_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
};

/** Multipart parts, with the per-upload limits; the size limit makes busboy cut and flag the file. */
export function uploadParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) throw badRequest(UploadMessages.badForm);
  return request.parts({
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 20_000, parts: 12 },
  }) as AsyncIterable<UploadPart>;
}

export async function materialRoutes(app: FastifyInstance, platform: Platform) {
  // Own scope: multipart is registered here only, whatever other features do.
  await app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, { throwFileSizeLimit: true });
    const api = scoped.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/materials',
      { schema: { querystring: MaterialListQuery, response: { 200: MaterialList } } },
      async (request) => listMaterialsFor(platform, request.currentUser, request.query),
    );

    api.post(
      '/materials',
      { onRequest: declaredSizeGuard, schema: { response: { 201: MaterialItem } } },
      async (request, reply) =>
        reply.status(201).send(await uploadMaterial(platform, request.currentUser, uploadParts(request))),
    );

    api.get(
      '/materials/:id/file',
      { compress: false, schema: { params: MaterialParams, querystring: MaterialFileQuery } },
      async (request, reply) => {
        const viewer = await fileViewer(
          platform,
          await bearerUser(request, scoped, platform.db),
          'material',
          request.params.id,
          request.query.sig,
        );
        const download = request.query.download === '1' || request.query.download === true;
        return sendFile(
          reply,
          await materialFile(platform, viewer, request.params.id, request.headers.range, download),
        );
      },
    );

    api.delete('/materials/:id', { schema: { params: MaterialParams } }, async (request, reply) => {
      await deleteMaterial(platform, request.currentUser, request.params.id);
      return reply.status(204).send();
    });

    api.post(
      '/materials/:id/star',
      { schema: { params: MaterialParams, response: { 200: StarResponse } } },
      async (request) => toggleStar(platform, request.currentUser, request.params.id),
    );

    api.get('/materials/folders', { schema: { response: { 200: MaterialFolderList } } }, async (request) => ({
      items: await foldersFor(platform, request.currentUser),
    }));

    api.post(
      '/materials/folders',
      { schema: { body: CreateFolderBody, response: { 201: MaterialFolder } } },
      async (request, reply) => reply.status(201).send(await createFolder(platform, request.currentUser, request.body)),
    );
  });
}
