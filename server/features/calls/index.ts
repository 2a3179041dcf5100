import type { Feature } from '../feature.js';
import { callsRoutes } from './routes.js';

/** Call History (`/dashboard/calls`): the calls the dialer persisted (collection owned by the dialer feature). */
export const callsFeature: Feature = {
  name: 'calls',
  routes: callsRoutes,
  access: {
    'GET /api/calls': 'signedIn',
    'GET /api/calls/export.csv': 'signedIn',
    'GET /api/calls/:id/recording': 'signedInOrLink',
  },
};
