import type { FastifyInstance } from 'fastify';

/**
 * API answers carry the signed-in person's data (and tokens, on sign-in and refresh): no browser, proxy or CDN may
 * keep them, or the next person on a shared machine or behind the same cache could read them. A route that knows
 * better (a signed file link cached privately) sets its own Cache-Control and keeps it.
 */
export function keepApiAnswersOutOfCaches(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
