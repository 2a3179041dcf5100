import { Rooms } from '../../../shared/events.js';
import type { Feature } from '../feature.js';
import { ensureMaterialIndexes } from './repository.js';
import { materialRoutes } from './routes.js';

/** Every signed-in socket follows shared resources: the same people who may read `GET /api/materials`. */
export const materialsFeature: Feature = {
  name: 'materials',
  indexes: ensureMaterialIndexes,
  routes: materialRoutes,
  socket: () => async (socket) => {
    await socket.join(Rooms.resources);
  },
  access: {
    'GET /api/materials': 'signedIn',
    'POST /api/materials': 'signedIn',
    'GET /api/materials/:id/file': 'signedInOrLink',
    'DELETE /api/materials/:id': 'signedIn',
    'POST /api/materials/:id/star': 'signedIn',
    'GET /api/materials/folders': 'signedIn',
    'POST /api/materials/folders': 'signedIn',
  },
};
