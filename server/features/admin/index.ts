import type { Feature } from '../feature.js';
import { adminRoutes } from './routes.js';

/** The admin area: waitlist, role requests, queues. Its collections belong to their own features. */
export const adminFeature: Feature = { name: 'admin', routes: adminRoutes };
