import { Rooms } from '../../../shared/events.js';
import type { Feature } from '../feature.js';
import { ensureCommunityIndexes, recountPostCounts } from './repository.js';
import { communityRoutes } from './routes.js';
import { postsSeedStep } from './seed.js';

/** Every signed-in socket follows the feed (the same people who may read `GET /api/posts`). */
export const communityFeature: Feature = {
  name: 'community',
  // Every start: the post counts are recounted (a process killed between a like or comment and its count update
  // left one off until the post's next write); the insights audit recounts them daily too.
  indexes: async (db) => {
    await ensureCommunityIndexes(db);
    await recountPostCounts(db);
  },
  routes: communityRoutes,
  socket: () => async (socket) => {
    await socket.join(Rooms.feed);
  },
  seed: postsSeedStep,
  access: {
    'GET /api/posts': 'signedIn',
    'POST /api/posts': 'signedIn',
    'POST /api/posts/:id/like': 'signedIn',
    'GET /api/posts/:id/comments': 'signedIn',
    'POST /api/posts/:id/comments': 'signedIn',
  },
};
