import { Rooms } from '../../../shared/events.js';
import type { Feature } from '../feature.js';
import { ensureVoiceNoteIndexes } from './repository.js';
import { voiceNoteRoutes } from './routes.js';

/** Every signed-in socket follows shared voice notes: the same people who may read `GET /api/voice-notes`. */
export const voiceNotesFeature: Feature = {
  name: 'voice-notes',
  indexes: ensureVoiceNoteIndexes,
  routes: voiceNoteRoutes,
  socket: () => async (socket) => {
    await socket.join(Rooms.resources);
  },
  access: {
    'GET /api/voice-notes': 'signedIn',
    'POST /api/voice-notes': 'signedIn',
    'GET /api/voice-notes/:id/audio': 'signedInOrLink',
    'PATCH /api/voice-notes/:id': 'signedIn',
    'DELETE /api/voice-notes/:id': 'signedIn',
  },
};
