import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Db } from 'mongodb';
import { isAuthHook, requireRole, requireUser } from '../platform/auth.js';
import type { Feature, RouteAccess } from './feature.js';
import { features } from './index.js';

export type { RouteAccess } from './feature.js';

/**
 * Who may call each API route, gathered from the features' `access` tables: the table the authorization matrix test
 * (tests/integration/security-access.test.ts) holds every route to. A route missing here fails that test, so a new
 * route cannot ship without a decision. The levels are described at `RouteAccess` (server/features/feature.ts).
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = Object.assign(
  {},
  ...features.map((feature) => feature.access ?? {}),
);

/**
 * The `onRoute` hook that puts each /api route behind the door its feature's `access` table names, as its first
 * onRequest hooks: they run before the body is parsed and validated, so a caller without the right hears 401/403 and
 * learns nothing about the body. Start-up fails on a route with no entry, or one that lists an auth hook itself (one
 * place decides who may call a route).
 */
export function routeDoor(app: FastifyInstance, db: Db, features: Feature[]): (route: RouteOptions) => void {
  const table: Record<string, RouteAccess> = Object.assign({}, ...features.map((feature) => feature.access ?? {}));
  const signedIn = requireUser(app, db);
  const doors: Record<RouteAccess, unknown[]> = {
    public: [],
    dev: [],
    signedInOrLink: [],
    signedIn: [signedIn],
    ownerOrAdmin: [signedIn, requireRole('owner', 'admin')],
    admin: [signedIn, requireRole('admin')],
  };
  return (route) => {
    if (!route.url.startsWith('/api/')) return;
    // Fastify adds a HEAD route beside each GET: the GET's entry covers it.
    const keys = [route.method].flat().map((method) => `${method === 'HEAD' ? 'GET' : method} ${route.url}`);
    const levels = new Set(keys.map((key) => table[key]));
    const [level] = levels;
    if (levels.size !== 1 || !level)
      throw new Error(`${keys.join(', ')}: no single entry in its feature's \`access\` table`);
    const own = [route.onRequest ?? [], route.preHandler ?? [], route.preValidation ?? []].flat();
    if (own.some(isAuthHook))
      throw new Error(`${keys.join(', ')} lists an auth hook itself: its feature's \`access\` table decides`);
    route.onRequest = [...(doors[level] as onRequestHookHandler[]), ...[route.onRequest ?? []].flat()];
  };
}
