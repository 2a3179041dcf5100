import { Queues } from '../../../shared/queues.js';
import type { Feature } from '../feature.js';
import { insightsProcessor } from './processor.js';
import { ensureInsightIndexes } from './repository.js';
import { insightsRoutes } from './routes.js';
import { rebuildInsightRollups } from './rollups.js';

/**
 * Charts of the ledger, calls, leads and the team per role: the ledger, calls and deals from daily rollups the
 * `insights` worker keeps current, the lead funnel and flow from the leads themselves.
 */
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
  // One at a time: two refreshes of the same day in parallel could write the older reading last.
  workers: [{ queue: Queues.insights, concurrency: 1, processor: insightsProcessor }],
  // The demo calls are written straight into their collection: the rollups are rebuilt once they are there.
  seed: {
    name: 'insights rollups',
    after: ['demo calls', 'demo deals'],
    run: async (platform) => {
      await rebuildInsightRollups(platform);
    },
  },
};
