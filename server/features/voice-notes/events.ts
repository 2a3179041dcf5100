import { Rooms, SocketEvents, type VoiceNotesChangedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** Voice notes are shared with every signed-in user: every open Voice Notes page hears of a change. */
export function emitVoiceNotesChanged(platform: Platform, payload: VoiceNotesChangedPayload): void {
  platform.live.toRoom(Rooms.resources, SocketEvents.voiceNotesChanged, payload);
}
