import type { Feature } from '../feature.js';
import { systemRoutes } from './routes.js';

export const systemFeature: Feature = {
  name: 'system',
  routes: systemRoutes,
  access: {
    'POST /api/system/ping': 'signedIn',
  },
};
