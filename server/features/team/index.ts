import type { Feature } from '../feature.js';
import { ensureTeamIndexes } from './repository.js';
import { teamRoutes } from './routes.js';

export const teamFeature: Feature = {
  name: 'team',
  indexes: ensureTeamIndexes,
  routes: teamRoutes,
  access: {
    'GET /api/team/activity/today': 'signedIn',
  },
};
