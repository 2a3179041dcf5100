import type { Feature } from '../feature.js';
import { ensureClientIndexes } from './repository.js';
import { clientRoutes } from './routes.js';

export const clientsFeature: Feature = {
  name: 'clients',
  indexes: ensureClientIndexes,
  routes: clientRoutes,
  access: {
    'GET /api/clients': 'signedIn',
    'PATCH /api/clients/:id': 'signedIn',
  },
};
