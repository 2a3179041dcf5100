import type { PostLikedPayload } from '../../shared/schemas/community/events.js';
import { wallMs } from './stats.js';

/** A `post:liked` to the feed, the event every signed-in socket follows, stamped with its send time (~150 bytes). */
export function likedPayload(seq: number): PostLikedPayload & { sentAt: number } {
  return {
    postId: '6740c0ffee0000000000beef',
    actorId: '6740c0ffee0000000000cafe',
    likeCount: 12,
    commentCount: 3,
    rev: seq,
    liked: true,
    sentAt: wallMs(),
  };
}
