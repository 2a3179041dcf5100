import type { Feature } from '../feature.js';
import { ensureDialerIndexes } from './repository.js';
import { dialerRoutes } from './routes.js';

export const dialerFeature: Feature = { name: 'dialer', indexes: ensureDialerIndexes, routes: dialerRoutes };
