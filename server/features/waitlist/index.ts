import type { Feature } from '../feature.js';
import { ensureWaitlistIndexes } from './repository.js';
import { waitlistRoutes } from './routes.js';

export const waitlistFeature: Feature = {
  name: 'waitlist',
  indexes: ensureWaitlistIndexes,
  routes: waitlistRoutes,
  access: {
    'POST /api/waitlist': 'public',
  },
};
