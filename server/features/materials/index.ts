import type { Feature } from '../feature.js';
import { ensureMaterialIndexes } from './repository.js';
import { materialRoutes } from './routes.js';

export const materialsFeature: Feature = { name: 'materials', indexes: ensureMaterialIndexes, routes: materialRoutes };
