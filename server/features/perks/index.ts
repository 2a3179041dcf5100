import type { Feature } from '../feature.js';
import { ensurePerkIndexes } from './repository.js';
import { perkRoutes } from './routes.js';
import { perksSeedStep } from './seed.js';

export const perksFeature: Feature = {
  name: 'perks',
  indexes: ensurePerkIndexes,
  routes: perkRoutes,
  seed: perksSeedStep,
  access: {
    'GET /api/perks': 'signedIn',
  },
};
