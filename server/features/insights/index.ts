import type { Feature } from '../feature.js';
import { ensureInsightIndexes } from './repository.js';
import { insightsRoutes } from './routes.js';

/** Charts of the ledger, calls, leads and the team, aggregated per role from the same collections the screens read. */
export const insightsFeature: Feature = {
  name: 'insights',
  indexes: ensureInsightIndexes,
  routes: insightsRoutes,
  access: {
    'GET /api/insights/earnings': 'signedIn',
    'GET /api/insights/calls': 'signedIn',
    'GET /api/insights/funnel': 'signedIn',
    'GET /api/insights/team': 'signedIn',
    'GET /api/insights/campaigns': 'ownerOrAdmin',
  },
};
