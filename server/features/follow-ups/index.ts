import type { Feature } from '../feature.js';
import { followUpRoutes } from './routes.js';

/** The calendar's data: the next actions of the leads and clients the viewer may see. */
export const followUpsFeature: Feature = {
  name: 'follow-ups',
  routes: followUpRoutes,
  access: {
    'GET /api/follow-ups': 'signedIn',
  },
};
