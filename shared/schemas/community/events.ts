import type { CommentItem } from './comments.js';
import type { PostItem } from './post.js';

/**
 * Live feed payloads (room `feed`). Each names the post and the actor, so the actor's own tab can skip
 * what it already applied; each carries both counts and the post's `rev`, so a client that keeps the
 * counts of the highest rev it has seen ends equal to the database whatever order events arrive in.
 */
export interface PostCountsPayload {
  postId: string;
  actorId: string;
  likeCount: number;
  commentCount: number;
  rev: number;
}

/** `post:created`. `likedByMe` is false: it is the receiver's view of a brand-new post. */
export interface PostCreatedPayload {
  postId: string;
  actorId: string;
  post: PostItem;
}

/** `post:liked`: `liked` says whether the actor now likes it (true) or took the like back (false). */
export interface PostLikedPayload extends PostCountsPayload {
  liked: boolean;
}

/** `post:commented`. */
export interface PostCommentedPayload extends PostCountsPayload {
  comment: CommentItem;
}
