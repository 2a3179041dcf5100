import { Rooms, SocketEvents } from '../../../shared/events.js';
import type {
  PostCommentedPayload,
  PostCreatedPayload,
  PostLikedPayload,
} from '../../../shared/schemas/community/events.js';
import type { Platform } from '../../platform/context.js';

export function emitPostCreated(platform: Platform, payload: PostCreatedPayload): void {
  platform.live.toRoom(Rooms.feed, SocketEvents.postCreated, payload);
}

export function emitPostLiked(platform: Platform, payload: PostLikedPayload): void {
  platform.live.toRoom(Rooms.feed, SocketEvents.postLiked, payload);
}

export function emitPostCommented(platform: Platform, payload: PostCommentedPayload): void {
  platform.live.toRoom(Rooms.feed, SocketEvents.postCommented, payload);
}
