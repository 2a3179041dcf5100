import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CallHistoryPage,
  CallHistoryQuery,
  CallIdOnly,
  RecordingQuery,
} from '../../../shared/schemas/dialer/history.js';
import { bearerUser } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { fileViewer } from '../materials/public.js';
import { callHistory, callHistoryCsv, openCallRecording } from './service.js';

export function callsRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/calls',
    { schema: { querystring: CallHistoryQuery, response: { 200: CallHistoryPage } } },
    async (request) => callHistory(platform, request.currentUser, request.query),
  );

  api.get('/calls/export.csv', { schema: { querystring: CallHistoryQuery } }, async (request, reply) => {
    const rows = await callHistoryCsv(platform, request.currentUser, request.query);
    const day = platform.clock.now().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="call-log-${day}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(rows));
  });

  // The bearer header, or the `?sig=` of the call view's recordingUrl (an <audio src> sends no header).
  api.get(
    '/calls/:id/recording',
    { compress: false, schema: { params: CallIdOnly, querystring: RecordingQuery } },
    async (request, reply) => {
      const viewer = await fileViewer(
        platform,
        await bearerUser(request, app, platform.db),
        'recording',
        request.params.id,
        request.query.sig,
      );
      const opened = await openCallRecording(platform, viewer, request.params.id, request.headers.range);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600');
      if ('unsatisfiable' in opened)
        return reply.status(416).header('content-range', `bytes */${opened.unsatisfiable}`).send();
      reply.header('content-type', 'audio/wav');
      if (!opened.range) return reply.header('content-length', String(opened.total)).send(opened.stream);
      const { start, end } = opened.range;
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${opened.total}`)
        .header('content-length', String(end - start + 1))
        .send(opened.stream);
    },
  );
}
