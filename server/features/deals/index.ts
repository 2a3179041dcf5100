import type { Feature } from '../feature.js';
import { ensureDealIndexes } from './repository.js';
import { dealRoutes } from './routes.js';

export const dealsFeature: Feature = { name: 'deals', indexes: ensureDealIndexes, routes: dealRoutes };
