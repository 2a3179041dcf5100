import type { Feature } from '../feature.js';
import { Queues } from '../../../shared/queues.js';
import { systemProcessor } from './processor.js';
import { systemRoutes } from './routes.js';

export const systemFeature: Feature = {
  name: 'system',
  routes: systemRoutes,
  workers: [{ queue: Queues.system, concurrency: 10, processor: systemProcessor }],
  access: {
    'POST /api/system/ping': 'signedIn',
  },
};
