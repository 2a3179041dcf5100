import type { Feature } from '../feature.js';
import { Queues } from '../../../shared/queues.js';
import { commissionsProcessor } from './processor.js';
import { ensureCommissionIndexes } from './repository.js';
import { commissionRoutes } from './routes.js';

export const commissionsFeature: Feature = {
  name: 'commissions',
  indexes: ensureCommissionIndexes,
  routes: commissionRoutes,
  workers: [{ queue: Queues.commissions, concurrency: 4, processor: commissionsProcessor }],
  access: {
    'GET /api/payouts': 'signedIn',
    'GET /api/earnings': 'signedIn',
    'POST /api/admin/payouts/run': 'admin',
    'GET /api/admin/payouts': 'admin',
  },
};
