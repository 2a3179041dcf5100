import type { Feature } from '../feature.js';
import { ensureRebuttalIndexes } from './repository.js';
import { rebuttalRoutes } from './routes.js';

export const rebuttalsFeature: Feature = { name: 'rebuttals', indexes: ensureRebuttalIndexes, routes: rebuttalRoutes };
