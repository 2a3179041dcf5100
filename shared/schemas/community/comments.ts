import { Type, type Static } from 'typebox';
import { CommunityMessages } from './messages.js';
import { PostAuthor } from './post.js';

export const CommentItem = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  content: Type.String(),
  author: PostAuthor,
  createdAt: Type.String(),
});
export type CommentItem = Static<typeof CommentItem>;

/** `GET /api/posts/:id/comments?cursor=&limit=`: oldest first, as a conversation reads. */
export const CommentListQuery = Type.Object({
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'That page of comments does not exist.' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export type CommentListQuery = Static<typeof CommentListQuery>;

export const CommentList = Type.Object({
  items: Type.Array(CommentItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type CommentList = Static<typeof CommentList>;

export const CreateCommentBody = Type.Object(
  { content: Type.String({ errorMessage: CommunityMessages.commentEmpty }) },
  { errorMessage: CommunityMessages.commentEmpty },
);
export type CreateCommentBody = Static<typeof CreateCommentBody>;

/** Both counts at the post's `rev`, as `post:commented` carries them. */
export const CreateCommentResponse = Type.Object({
  comment: CommentItem,
  likeCount: Type.Integer({ minimum: 0 }),
  commentCount: Type.Integer({ minimum: 0 }),
  rev: Type.Integer({ minimum: 0 }),
});
export type CreateCommentResponse = Static<typeof CreateCommentResponse>;
