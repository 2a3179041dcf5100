import type { Feature } from '../feature.js';
import { ensureLeaderboardIndexes } from './repository.js';
import { leaderboardRoutes } from './routes.js';

/** Standings on deals and earnings; its live event goes to the feed room the community feature already joins. */
export const leaderboardFeature: Feature = {
  name: 'leaderboard',
  indexes: ensureLeaderboardIndexes,
  routes: leaderboardRoutes,
  access: {
    'GET /api/leaderboard': 'signedIn',
  },
};
