import type { Feature } from '../feature.js';
import { ensureCommissionIndexes } from './repository.js';
import { commissionRoutes } from './routes.js';

export const commissionsFeature: Feature = { name: 'commissions', indexes: ensureCommissionIndexes, routes: commissionRoutes };
