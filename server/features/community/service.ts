import { ObjectId } from 'mongodb';
import type { CommentItem, CommentList, CreateCommentResponse } from '../../../shared/schemas/community/comments.js';
import type { LikeResponse, PostList, PostSort, PostTab } from '../../../shared/schemas/community/list.js';
import {
  COMMENT_MAX_LENGTH,
  COMMENTS_PER_MINUTE,
  CommunityMessages,
  POSTS_PER_MINUTE,
} from '../../../shared/schemas/community/messages.js';
import {
  isWhaleDeal,
  parseDealValue,
  postFormError,
  type CreatePostBody,
  type PostItem,
  type PostType,
} from '../../../shared/schemas/community/post.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound, rateLimited } from '../../platform/errors.js';
import { findDealById } from '../deals/public.js';
import { hitLimit } from '../../platform/rate-limits.js';
import { notify, notifyGrouped } from '../notifications/public.js';
import { userSummaries, type UserDoc, type UserSummary } from '../users/public.js';
import { emitPostCommented, emitPostCreated, emitPostLiked } from './events.js';
import {
  deleteLike,
  findPost,
  insertComment,
  insertLike,
  insertPost,
  likedPostIds,
  listComments,
  listPosts,
  syncPostCounts,
  type CommentDoc,
  type PostDoc,
  type PostSortField,
} from './repository.js';

const TAB_TYPES: Record<PostTab, PostType[] | undefined> = {
  all: undefined,
  wins: ['win'],
  tips: ['tip', 'question'],
  announcements: ['announcement'],
};
const SORT_FIELDS: Record<PostSort, PostSortField> = {
  newest: 'createdAt',
  popular: 'likeCount',
  discussed: 'commentCount',
};

/** Stored as plain text: line endings normalised, control characters (other than newline and tab) dropped. */
export function plainText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

function authorOf(authors: Map<string, UserSummary>, id: ObjectId) {
  const author = authors.get(id.toHexString());
  return {
    id: id.toHexString(),
    name: author?.name ?? 'Former member',
    avatarSeed: author?.avatarSeed ?? id.toHexString(),
    role: author?.role ?? 'sales',
  };
}

export function toPostItem(post: PostDoc, authors: Map<string, UserSummary>, likedByMe: boolean): PostItem {
  return {
    id: post._id.toHexString(),
    type: post.type,
    content: post.content,
    ...(post.dealValue !== undefined ? { dealValue: post.dealValue } : {}),
    author: authorOf(authors, post.authorId),
    likeCount: post.likeCount,
    commentCount: post.commentCount,
    rev: post.rev,
    likedByMe,
    staff: post.type === 'announcement',
    whaleDeal: post.type === 'win' && isWhaleDeal(post.dealValue),
    verifiedDeal: Boolean(post.dealId),
    createdAt: post.createdAt.toISOString(),
  };
}

function toCommentItem(comment: CommentDoc, authors: Map<string, UserSummary>): CommentItem {
  return {
    id: comment._id.toHexString(),
    postId: comment.postId.toHexString(),
    content: comment.content,
    author: authorOf(authors, comment.authorId),
    createdAt: comment.createdAt.toISOString(),
  };
}

function encodeCursor(value: number, id: ObjectId): string {
  return Buffer.from(JSON.stringify([value, id.toHexString()])).toString('base64url');
}

function decodeCursor(cursor: string): { value: number; id: ObjectId } {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof value === 'number' && Number.isFinite(value) && typeof id === 'string' && /^[0-9a-f]{24}$/.test(id))
      return { value, id: new ObjectId(id) };
  } catch {}
  throw badRequest(CommunityMessages.badCursor);
}

async function guardFlood(platform: Platform, user: UserDoc, what: 'posts' | 'comments'): Promise<void> {
  const max = what === 'posts' ? POSTS_PER_MINUTE : COMMENTS_PER_MINUTE;
  const key = `${platform.config.redisPrefix}:rate:community-${what}:${user._id.toHexString()}`;
  const result = await hitLimit(platform.redis, key, max, 60);
  if (!result.allowed) throw rateLimited(CommunityMessages.tooFast(result.retryAfter), result.retryAfter);
}

export async function listFeed(
  platform: Platform,
  viewer: UserDoc,
  query: { type?: PostTab; sort?: PostSort; cursor?: string; limit?: number },
): Promise<PostList> {
  const field = SORT_FIELDS[query.sort ?? 'newest'];
  const limit = query.limit ?? 20;
  const docs = await listPosts(platform.db, {
    types: TAB_TYPES[query.type ?? 'all'],
    field,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = docs.slice(0, limit);
  const [authors, liked] = await Promise.all([
    userSummaries(
      platform.db,
      page.map((p) => p.authorId),
    ),
    likedPostIds(
      platform.db,
      viewer._id,
      page.map((p) => p._id),
    ),
  ]);
  const last = page[page.length - 1];
  const lastValue = last ? (field === 'createdAt' ? last.createdAt.getTime() : last[field]) : 0;
  return {
    items: page.map((post) => toPostItem(post, authors, liked.has(post._id.toHexString()))),
    nextCursor: docs.length > limit && last ? encodeCursor(lastValue, last._id) : null,
  };
}

export async function createPost(platform: Platform, author: UserDoc, body: CreatePostBody): Promise<PostItem> {
  const content = plainText(body.content);
  const problem = postFormError({ type: body.type, content, dealValue: body.dealValue, dealId: body.dealId });
  if (problem) throw badRequest(problem);
  if (body.type === 'announcement' && author.role !== 'admin')
    throw forbidden(CommunityMessages.announcementsStaffOnly);
  const deal = body.dealId ? await shareableDeal(platform, author, body.type, body.dealId) : undefined;
  await guardFlood(platform, author, 'posts');

  const dollars = body.type === 'win' && !deal ? parseDealValue(body.dealValue) : undefined;
  const dealValue = deal ? deal.value : dollars !== undefined ? Math.round(dollars * 100) : undefined;
  const post: PostDoc = {
    _id: new ObjectId(),
    authorId: author._id,
    type: body.type,
    content,
    ...(dealValue !== undefined ? { dealValue } : {}),
    ...(deal ? { dealId: deal._id } : {}),
    likeCount: 0,
    commentCount: 0,
    rev: 0,
    createdAt: platform.clock.now(),
  };
  if (!(await insertPost(platform.db, post))) throw conflict(CommunityMessages.dealAlreadyShared);
  const item = toPostItem(post, new Map([[author._id.toHexString(), author]]), false);
  emitPostCreated(platform, { postId: item.id, actorId: item.author.id, post: item });
  return item;
}

/** A win from a real deal: it must be closed (not cancelled) and the poster its opener or closer. */
async function shareableDeal(platform: Platform, author: UserDoc, type: PostType, dealId: string) {
  const deal = await findDealById(platform.db, dealId);
  const own = deal && (deal.closerId.equals(author._id) || deal.openerId.equals(author._id));
  if (type !== 'win' || !deal || !own || deal.status !== 'closed') throw forbidden(CommunityMessages.dealNotShareable);
  return deal;
}

async function existingPost(platform: Platform, postId: string): Promise<PostDoc> {
  const post = ObjectId.isValid(postId) ? await findPost(platform.db, new ObjectId(postId)) : null;
  if (!post) throw notFound(CommunityMessages.postNotFound);
  return post;
}

/** One like per user: the first call likes, the next unlikes. */
export async function toggleLike(platform: Platform, user: UserDoc, postId: string): Promise<LikeResponse> {
  const post = await existingPost(platform, postId);
  let liked: boolean;
  let change: number;
  if (
    await insertLike(platform.db, {
      _id: new ObjectId(),
      postId: post._id,
      userId: user._id,
      createdAt: platform.clock.now(),
    })
  ) {
    liked = true;
    change = 1;
  } else {
    // The like existed: this click takes it back. If a concurrent click removed it first, nothing changes here.
    liked = false;
    change = (await deleteLike(platform.db, post._id, user._id)) ? -1 : 0;
  }
  const fresh = change === 0 ? await findPost(platform.db, post._id) : await syncPostCounts(platform.db, post._id);
  if (!fresh) throw notFound(CommunityMessages.postNotFound);
  if (change !== 0) {
    emitPostLiked(platform, {
      postId: post._id.toHexString(),
      actorId: user._id.toHexString(),
      liked,
      likeCount: fresh.likeCount,
      commentCount: fresh.commentCount,
      rev: fresh.rev,
    });
  }
  if (liked && !post.authorId.equals(user._id)) {
    // One notification per post, growing with each liker; a liker who unlikes and likes again is not told twice.
    await notifyGrouped(platform, post.authorId, {
      type: 'post-liked',
      group: `post-liked:${post._id.toHexString()}`,
      actor: { id: user._id, name: user.name },
      link: `/community?post=${post._id.toHexString()}`,
      describe: likesNotice,
    });
  }
  return { liked, likeCount: fresh.likeCount, commentCount: fresh.commentCount, rev: fresh.rev };
}

/** The likes of one post, newest liker first: "Bea liked", "Bea and Alex liked", "Bea, Alex and 3 others liked". */
function likesNotice(likers: Array<{ name: string }>): { title: string; body: string } {
  const names = likers.map((liker) => liker.name).reverse();
  const who =
    names.length === 1
      ? names[0]
      : names.length === 2
        ? `${names[0]} and ${names[1]}`
        : `${names[0]}, ${names[1]} and ${names.length - 2} ${names.length === 3 ? 'other' : 'others'}`;
  return { title: names.length === 1 ? 'New like' : `${names.length} new likes`, body: `${who} liked your post.` };
}

export async function commentsOf(
  platform: Platform,
  postId: string,
  cursor: string | undefined,
  limit = 50,
): Promise<CommentList> {
  const post = await existingPost(platform, postId);
  const docs = await listComments(platform.db, post._id, limit + 1, cursor ? new ObjectId(cursor) : undefined);
  const page = docs.slice(0, limit);
  const authors = await userSummaries(
    platform.db,
    page.map((c) => c.authorId),
  );
  return {
    items: page.map((c) => toCommentItem(c, authors)),
    nextCursor: docs.length > limit ? page[page.length - 1]._id.toHexString() : null,
  };
}

export async function addComment(
  platform: Platform,
  author: UserDoc,
  postId: string,
  rawContent: string,
): Promise<CreateCommentResponse> {
  const content = plainText(rawContent);
  if (!content) throw badRequest(CommunityMessages.commentEmpty);
  if (content.length > COMMENT_MAX_LENGTH) throw badRequest(CommunityMessages.commentTooLong);
  const post = await existingPost(platform, postId);
  await guardFlood(platform, author, 'comments');

  const doc: CommentDoc = {
    _id: new ObjectId(),
    postId: post._id,
    authorId: author._id,
    content,
    createdAt: platform.clock.now(),
  };
  await insertComment(platform.db, doc);
  const fresh = await syncPostCounts(platform.db, post._id);
  const comment = toCommentItem(doc, new Map([[author._id.toHexString(), author]]));
  if (fresh) {
    emitPostCommented(platform, {
      postId: comment.postId,
      actorId: comment.author.id,
      comment,
      likeCount: fresh.likeCount,
      commentCount: fresh.commentCount,
      rev: fresh.rev,
    });
  }
  if (!post.authorId.equals(author._id)) {
    await notify(platform, post.authorId, {
      type: 'post-commented',
      title: 'New comment',
      body: `${author.name} commented on your post: ${content.length > 80 ? `${content.slice(0, 79)}…` : content}`,
      link: `/community?post=${post._id.toHexString()}`,
      key: `post-commented-${doc._id.toHexString()}`,
    });
  }
  // A post deleted meanwhile has no fresher counts: the old rev never replaces what a client shows.
  const counts = fresh ?? { likeCount: post.likeCount, commentCount: post.commentCount + 1, rev: post.rev };
  return { comment, likeCount: counts.likeCount, commentCount: counts.commentCount, rev: counts.rev };
}
