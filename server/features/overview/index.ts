import type { Feature } from '../feature.js';
import { overviewRoutes } from './routes.js';

export const overviewFeature: Feature = {
  name: 'overview',
  routes: overviewRoutes,
  access: {
    'GET /api/me/stats': 'signedIn',
    'GET /api/search': 'signedIn',
  },
};
