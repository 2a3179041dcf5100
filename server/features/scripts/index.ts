import type { Feature } from '../feature.js';
import { ensureScriptIndexes } from './repository.js';
import { scriptRoutes } from './routes.js';
import { scriptsSeedStep } from './seed.js';

export const scriptsFeature: Feature = {
  name: 'scripts',
  indexes: ensureScriptIndexes,
  routes: scriptRoutes,
  seed: scriptsSeedStep,
  access: {
    'GET /api/scripts': 'signedIn',
    'PUT /api/scripts/:id': 'ownerOrAdmin',
  },
};
