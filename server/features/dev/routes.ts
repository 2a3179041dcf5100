import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { OutboxQuery, OutboxResponse } from '../../../shared/schemas/dev/outbox.js';
import type { Platform } from '../../platform/context.js';
import { listOutbox } from './repository.js';

/** Developer aids; they exist only outside production and only while e-mails go to the outbox. */
export function devRoutes(app: FastifyInstance, platform: Platform) {
  if (platform.config.env === 'production' || platform.config.mailUrl) return;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/dev/outbox',
    { schema: { querystring: OutboxQuery, response: { 200: OutboxResponse } } },
    async (request) => {
      const emails = await listOutbox(platform.db, request.query.to, 50);
      return {
        emails: emails.map(({ key, to, subject, text, html, createdAt }) => ({
          key,
          to,
          subject,
          text,
          html,
          createdAt: createdAt.toISOString(),
        })),
      };
    },
  );
}
