import type { Feature } from '../feature.js';
import { ensureAuthIndexes } from './repository.js';
import { authRoutes } from './routes.js';

export const authFeature: Feature = { name: 'auth', indexes: ensureAuthIndexes, routes: authRoutes };
