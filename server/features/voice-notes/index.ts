import type { Feature } from '../feature.js';
import { ensureVoiceNoteIndexes } from './repository.js';
import { voiceNoteRoutes } from './routes.js';

export const voiceNotesFeature: Feature = { name: 'voice-notes', indexes: ensureVoiceNoteIndexes, routes: voiceNoteRoutes };
