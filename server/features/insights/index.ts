import { Jobs, Queues } from '../../../shared/queues.js';
import type { Feature } from '../feature.js';
import { insightsProcessor } from './processor.js';
import { ensureRollupIndexes } from './rollup-repository.js';
import { insightsRoutes } from './routes.js';
import { catchUpInsightFigures } from './rollups.js';

/**
 * Charts of the ledger, calls, leads and the team per role: the ledger, calls and deals from daily rollups the
 * `insights` worker keeps current, the lead funnel and flow from the leads themselves.
 */
export const insightsFeature: Feature = {
  name: 'insights',
  // Every start: the indexes, then the stored figures rebuilt if they are missing or from an older version (the demo
  // seed and the product's writes keep them current through the `insights` queue and the counters).
  indexes: async (db) => {
    await ensureRollupIndexes(db);
    await catchUpInsightFigures(db);
  },
  routes: insightsRoutes,
  access: {
    'GET /api/insights/earnings': 'signedIn',
    'GET /api/insights/calls': 'signedIn',
    'GET /api/insights/funnel': 'signedIn',
    'GET /api/insights/team': 'signedIn',
    'GET /api/insights/campaigns': 'ownerOrAdmin',
  },
  // One job at a time per process; refreshes of one day in different processes wait for each other (rollups.ts).
  workers: [{ queue: Queues.insights, concurrency: 1, processor: insightsProcessor }],
  // Daily at 04:17 UTC, a quiet hour for the US campaigns: a recount reads every lead.
  schedules: [
    {
      queue: Queues.insights,
      id: 'insights-counter-audit',
      repeat: { pattern: '17 4 * * *' },
      job: Jobs.insights.auditCounters,
      data: { confirm: false },
    },
  ],
};
