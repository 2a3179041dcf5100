import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { NotificationList, NotificationListQuery } from '../../../shared/schemas/notifications/list.js';
import { NotificationReadBody, NotificationReadResponse } from '../../../shared/schemas/notifications/read.js';
import type { Platform } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { markNotificationsRead, notificationsOf } from './service.js';

export function notificationRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/notifications',
    { schema: { querystring: NotificationListQuery, response: { 200: NotificationList } } },
    async (request) =>
      notificationsOf(platform, request.currentUser._id, request.query.cursor, request.query.limit, {
        unreadOnly: request.query.status === 'unread',
        type: request.query.type,
      }),
  );

  api.post(
    '/notifications/read',
    { schema: { body: NotificationReadBody, response: { 200: NotificationReadResponse } } },
    async (request) => {
      const { ids, all } = request.body;
      if (!all && !ids?.length) throw badRequest('Say which notifications to mark as read.');
      return { unread: await markNotificationsRead(platform, request.currentUser._id, all ? 'all' : ids!) };
    },
  );
}
