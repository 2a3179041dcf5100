import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  VoiceNoteAudioQuery,
  VoiceNoteCreated,
  VoiceNoteItem,
  VoiceNoteList,
  VoiceNoteListQuery,
  VoiceNoteParams,
  VoiceNotePatchBody,
} from '../../../shared/schemas/voice-notes/list.js';
import { bearerUser } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { declaredSizeGuard, uploadParts } from '../materials/public.js';
import { sendFile } from '../../platform/file-answers.js';
import { fileViewer } from '../materials/public.js';
import { deleteVoiceNote, editVoiceNote, saveVoiceNote, voiceNoteAudio, voiceNotesFor } from './service.js';

export async function voiceNoteRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, { throwFileSizeLimit: true });
    const api = scoped.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/voice-notes',
      { schema: { querystring: VoiceNoteListQuery, response: { 200: VoiceNoteList } } },
      async (request) => ({
        items: await voiceNotesFor(platform, request.currentUser, request.query),
      }),
    );

    api.post(
      '/voice-notes',
      { onRequest: declaredSizeGuard, schema: { response: { 201: VoiceNoteCreated } } },
      async (request, reply) =>
        reply.status(201).send(await saveVoiceNote(platform, request.currentUser, uploadParts(request))),
    );

    api.get(
      '/voice-notes/:id/audio',
      { compress: false, schema: { params: VoiceNoteParams, querystring: VoiceNoteAudioQuery } },
      async (request, reply) => {
        await fileViewer(
          platform,
          await bearerUser(request, scoped, platform.db),
          'voice-note',
          request.params.id,
          request.query.sig,
        );
        return sendFile(reply, await voiceNoteAudio(platform, request.params.id, request.headers.range));
      },
    );

    api.patch(
      '/voice-notes/:id',
      { schema: { params: VoiceNoteParams, body: VoiceNotePatchBody, response: { 200: VoiceNoteItem } } },
      async (request) => editVoiceNote(platform, request.currentUser, request.params.id, request.body),
    );

    api.delete('/voice-notes/:id', { schema: { params: VoiceNoteParams } }, async (request, reply) => {
      await deleteVoiceNote(platform, request.currentUser, request.params.id);
      return reply.status(204).send();
    });
  });
}
