import type { Feature } from '../feature.js';
import { ensureDealIndexes } from './repository.js';
import { dealRoutes } from './routes.js';
import { dealsSeedStep } from './seed.js';

export const dealsFeature: Feature = {
  name: 'deals',
  indexes: ensureDealIndexes,
  routes: dealRoutes,
  seed: dealsSeedStep,
  access: {
    'POST /api/leads/:id/close': 'signedIn',
    'GET /api/leads/:id/deal': 'signedIn',
    'POST /api/deals/:id/cancel': 'ownerOrAdmin',
  },
};
