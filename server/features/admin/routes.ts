import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  QUEUE_BOARD_PATH,
  QueueBoardSession,
  QueueJobParams,
  QueueOverview,
} from '../../../shared/schemas/admin/queues.js';
import {
  RoleDecisionBody,
  RoleDecisionResponse,
  RoleRequestList,
  RoleRequestParams,
  RoleRequestQuery,
} from '../../../shared/schemas/admin/role-requests.js';
import {
  WaitlistAdminItem,
  WaitlistAdminList,
  WaitlistAdminQuery,
  WaitlistEntryParams,
  WaitlistGrantResponse,
  WaitlistPatchBody,
} from '../../../shared/schemas/admin/waitlist.js';
import type { Platform } from '../../platform/context.js';
import { setQueueBoardCookie } from './queue-board.js';
import { queueOverview, retryFailedJob } from './queues.js';
import { decideRole, grantAccess, markProcessed, roleRequests, waitlistCsv, waitlistPage } from './service.js';

/** Every route here is admin-only (the feature's access table, checked on request before any validation). */
export async function adminRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scoped) => {
    const api = scoped.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/admin/waitlist',
      { schema: { querystring: WaitlistAdminQuery, response: { 200: WaitlistAdminList } } },
      async (request) => {
        const { cursor, limit, ...filter } = request.query;
        return waitlistPage(platform, filter, cursor, limit);
      },
    );

    api.get('/admin/waitlist/export.csv', async (_request, reply) => {
      const day = platform.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="waitlist-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(waitlistCsv(platform)));
    });

    api.patch(
      '/admin/waitlist/:id',
      { schema: { params: WaitlistEntryParams, body: WaitlistPatchBody, response: { 200: WaitlistAdminItem } } },
      async (request) => markProcessed(platform, request.params.id, request.body.processed),
    );

    api.post(
      '/admin/waitlist/:id/grant',
      { schema: { params: WaitlistEntryParams, response: { 200: WaitlistGrantResponse } } },
      async (request) => grantAccess(platform, request.params.id),
    );

    api.get(
      '/admin/role-requests',
      { schema: { querystring: RoleRequestQuery, response: { 200: RoleRequestList } } },
      async (request) => ({
        items: await roleRequests(platform, request.query.status),
      }),
    );

    api.post(
      '/admin/role-requests/:userId',
      { schema: { params: RoleRequestParams, body: RoleDecisionBody, response: { 200: RoleDecisionResponse } } },
      async (request) => ({
        request: await decideRole(platform, request.currentUser, request.params.userId, request.body.decision),
      }),
    );

    api.get('/admin/queues', { schema: { response: { 200: QueueOverview } } }, async () => queueOverview(platform));

    api.post('/admin/queues/:name/jobs/:jobId/retry', { schema: { params: QueueJobParams } }, async (request) => {
      await retryFailedJob(platform, request.params.name, request.params.jobId);
      return { retried: true };
    });

    api.post(
      '/admin/queues/board-session',
      { schema: { response: { 200: QueueBoardSession } } },
      async (request, reply) => {
        setQueueBoardCookie(reply, platform, request);
        return { url: QUEUE_BOARD_PATH };
      },
    );
  });
}
