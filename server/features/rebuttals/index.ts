import type { Feature } from '../feature.js';
import { ensureRebuttalIndexes } from './repository.js';
import { rebuttalRoutes } from './routes.js';
import { rebuttalsSeedStep } from './seed.js';

export const rebuttalsFeature: Feature = {
  name: 'rebuttals',
  indexes: ensureRebuttalIndexes,
  routes: rebuttalRoutes,
  seed: rebuttalsSeedStep,
  access: {
    'GET /api/rebuttals': 'signedIn',
    'POST /api/rebuttals/interest': 'signedIn',
  },
};
