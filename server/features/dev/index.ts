import type { Feature } from '../feature.js';
import { devRoutes } from './routes.js';

export const devFeature: Feature = {
  name: 'dev',
  routes: devRoutes,
  access: {
    'GET /api/dev/outbox': 'dev',
  },
};
