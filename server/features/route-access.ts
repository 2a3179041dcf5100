import type { RouteAccess } from './feature.js';
import { features } from './index.js';

export type { RouteAccess } from './feature.js';

/**
 * Who may call each API route, gathered from the features' `access` tables: the table the authorization matrix test
 * (tests/integration/security-access.test.ts) holds every route to. A route missing here fails that test, so a new
 * route cannot ship without a decision. The levels are described at `RouteAccess` (server/features/feature.ts).
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = Object.assign({}, ...features.map((feature) => feature.access ?? {}));
