import type { Feature } from '../feature.js';
import { mountQueueBoard } from './queue-board.js';
import { adminRoutes } from './routes.js';

/** The admin area: waitlist, role requests, queues. Its collections belong to their own features. */
export const adminFeature: Feature = {
  name: 'admin',
  routes: adminRoutes,
  mount: mountQueueBoard,
  access: {
    'GET /api/admin/waitlist': 'admin',
    'GET /api/admin/waitlist/export.csv': 'admin',
    'PATCH /api/admin/waitlist/:id': 'admin',
    'POST /api/admin/queues/board-session': 'admin',
    'POST /api/admin/waitlist/:id/grant': 'admin',
    'GET /api/admin/role-requests': 'admin',
    'POST /api/admin/role-requests/:userId': 'admin',
    'GET /api/admin/queues': 'admin',
    'POST /api/admin/queues/:name/jobs/:jobId/retry': 'admin',
  },
};
