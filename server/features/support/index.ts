import type { Feature } from '../feature.js';
import { ensureSupportIndexes } from './repository.js';
import { supportRoutes } from './routes.js';

export const supportFeature: Feature = {
  name: 'support',
  indexes: ensureSupportIndexes,
  routes: supportRoutes,
  access: {
    'POST /api/support': 'signedIn',
  },
};
