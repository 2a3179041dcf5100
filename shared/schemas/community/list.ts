import { Type, type Static } from 'typebox';
import { CommunityMessages } from './messages.js';
import { PostItem } from './post.js';

/** Tabs: All Posts, Wins, Tips (tips and questions), Announcements. */
export const POST_TABS = ['all', 'wins', 'tips', 'announcements'] as const;
export type PostTab = (typeof POST_TABS)[number];
/** Newest, Most Popular (likes), Most Discussed (comments). */
export const POST_SORTS = ['newest', 'popular', 'discussed'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** `GET /api/posts?type=&sort=&cursor=&limit=`; `cursor` is the previous page's `nextCursor`. */
export const PostListQuery = Type.Object({
  type: Type.Optional(Type.Enum(POST_TABS, { default: 'all' })),
  sort: Type.Optional(Type.Enum(POST_SORTS, { default: 'newest' })),
  cursor: Type.Optional(
    Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$', errorMessage: CommunityMessages.badCursor }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type PostListQuery = Static<typeof PostListQuery>;

export const PostList = Type.Object({
  items: Type.Array(PostItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type PostList = Static<typeof PostList>;

export const PostIdParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: CommunityMessages.postNotFound }),
});
export type PostIdParams = Static<typeof PostIdParams>;

/** `POST /api/posts/:id/like` toggles: a second call unlikes. */
/** Both counts at the post's `rev`, as `post:liked` carries them: the client keeps the counts of the highest rev. */
export const LikeResponse = Type.Object({
  liked: Type.Boolean(),
  likeCount: Type.Integer({ minimum: 0 }),
  commentCount: Type.Integer({ minimum: 0 }),
  rev: Type.Integer({ minimum: 0 }),
});
export type LikeResponse = Static<typeof LikeResponse>;
