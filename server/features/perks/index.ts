import type { Feature } from '../feature.js';
import { ensurePerkIndexes } from './repository.js';
import { perkRoutes } from './routes.js';

export const perksFeature: Feature = { name: 'perks', indexes: ensurePerkIndexes, routes: perkRoutes };
