import type { Feature } from '../feature.js';
import { ensureNotificationIndexes } from './repository.js';
import { notificationRoutes } from './routes.js';

export const notificationsFeature: Feature = {
  name: 'notifications',
  indexes: ensureNotificationIndexes,
  routes: notificationRoutes,
  access: {
    'GET /api/notifications': 'signedIn',
    'POST /api/notifications/read': 'signedIn',
  },
};
