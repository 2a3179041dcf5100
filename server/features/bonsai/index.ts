import type { Feature } from '../feature.js';
import { bonsaiRoutes } from './routes.js';

export const bonsaiFeature: Feature = {
  name: 'bonsai',
  routes: bonsaiRoutes,
  access: {
    'GET /api/bonsai': 'signedIn',
  },
};
