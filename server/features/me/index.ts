import type { Feature } from '../feature.js';
import { meRoutes } from './routes.js';

export const meFeature: Feature = {
  name: 'me',
  routes: meRoutes,
  access: {
    'GET /api/me': 'signedIn',
    'POST /api/me/role': 'signedIn',
    'POST /api/me/2fa/setup': 'signedIn',
    'POST /api/me/2fa/enable': 'signedIn',
    'POST /api/me/2fa/disable': 'signedIn',
    'PATCH /api/me': 'signedIn',
    'POST /api/me/password': 'signedIn',
    'GET /api/me/preferences': 'signedIn',
    'PUT /api/me/preferences': 'signedIn',
  },
};
