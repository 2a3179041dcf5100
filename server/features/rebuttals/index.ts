import type { Feature } from '../feature.js';
import { startCallListening } from './call-listening.js';
import { ensureRebuttalIndexes } from './repository.js';
import { rebuttalRoutes } from './routes.js';
import { rebuttalsSeedStep } from './seed.js';

export const rebuttalsFeature: Feature = {
  name: 'rebuttals',
  indexes: ensureRebuttalIndexes,
  routes: rebuttalRoutes,
  seed: rebuttalsSeedStep,
  start: startCallListening,
  access: {
    'GET /api/rebuttals': 'signedIn',
    'POST /api/rebuttals': 'ownerOrAdmin',
    'PUT /api/rebuttals/:id': 'ownerOrAdmin',
    'DELETE /api/rebuttals/:id': 'ownerOrAdmin',
    'POST /api/rebuttals/:id/vote': 'signedIn',
    'POST /api/rebuttals/interest': 'signedIn',
    'GET /api/rebuttals/calls/:id': 'signedIn',
    'GET /api/rebuttals/insights': 'signedIn',
  },
};
