import type { Feature } from '../feature.js';
import { leaderboardRoutes } from './routes.js';

/** Standings on deals and earnings; its live event goes to the feed room the community feature already joins. */
export const leaderboardFeature: Feature = {
  name: 'leaderboard',
  routes: leaderboardRoutes,
  access: {
    'GET /api/leaderboard': 'signedIn',
  },
};
