import { ObjectId, type Collection, type Db, type Filter, type Sort } from 'mongodb';
import type { PostType } from '../../../shared/schemas/community/post.js';
import { isDuplicateKey } from '../../platform/db-errors.js';

export interface PostDoc {
  _id: ObjectId;
  authorId: ObjectId;
  type: PostType;
  content: string;
  /** Cents; wins only. */
  dealValue?: number;
  /** Set when the win was shared from a closed deal; unique, so a deal is shared once. */
  dealId?: ObjectId;
  likeCount: number;
  commentCount: number;
  /** Bumped with every count change, in the same atomic update. */
  rev: number;
  createdAt: Date;
}

export interface LikeDoc {
  _id: ObjectId;
  postId: ObjectId;
  userId: ObjectId;
  createdAt: Date;
}

export interface CommentDoc {
  _id: ObjectId;
  postId: ObjectId;
  authorId: ObjectId;
  content: string;
  createdAt: Date;
}

export const postsCollection = (db: Db): Collection<PostDoc> => db.collection<PostDoc>('posts');
export const likesCollection = (db: Db): Collection<LikeDoc> => db.collection<LikeDoc>('likes');
export const commentsCollection = (db: Db): Collection<CommentDoc> => db.collection<CommentDoc>('comments');

/** The sortable fields of the feed; every order ends on `_id` so a cursor is exact. */
export type PostSortField = 'createdAt' | 'likeCount' | 'commentCount';

export async function ensureCommunityIndexes(db: Db): Promise<void> {
  const posts = postsCollection(db);
  for (const field of ['createdAt', 'likeCount', 'commentCount'] as const) {
    await posts.createIndex({ [field]: -1, _id: -1 });
    await posts.createIndex({ type: 1, [field]: -1, _id: -1 });
  }
  await postsCollection(db).createIndex(
    { dealId: 1 },
    { unique: true, partialFilterExpression: { dealId: { $exists: true } } },
  );
  await likesCollection(db).createIndex({ postId: 1, userId: 1 }, { unique: true });
  await likesCollection(db).createIndex({ userId: 1, postId: 1 });
  await commentsCollection(db).createIndex({ postId: 1, _id: 1 });
}

/** False when the post's deal was already shared. */
export async function insertPost(db: Db, post: PostDoc): Promise<boolean> {
  try {
    await postsCollection(db).insertOne(post);
    return true;
  } catch (error) {
    if (post.dealId && isDuplicateKey(error)) return false;
    throw error;
  }
}

export function findPost(db: Db, id: ObjectId): Promise<PostDoc | null> {
  return postsCollection(db).findOne({ _id: id });
}

/** The seed's idempotency marker: a demo post is its author and its fixed text. */
export function findPostByAuthorContent(db: Db, authorId: ObjectId, content: string): Promise<PostDoc | null> {
  return postsCollection(db).findOne({ authorId, content });
}

export interface PostPageQuery {
  types?: PostType[];
  field: PostSortField;
  /** The last item of the previous page: its sort value and id. */
  after?: { value: number; id: ObjectId };
  limit: number;
}

export function listPosts(db: Db, query: PostPageQuery): Promise<PostDoc[]> {
  const { field, after } = query;
  const filter: Filter<PostDoc> = {};
  if (query.types) filter.type = { $in: query.types };
  if (after) {
    const value = field === 'createdAt' ? new Date(after.value) : after.value;
    filter.$or = [{ [field]: { $lt: value } }, { [field]: value, _id: { $lt: after.id } }];
  }
  const sort: Sort = { [field]: -1, _id: -1 };
  return postsCollection(db).find(filter).sort(sort).limit(query.limit).toArray();
}

/** The ids among `postIds` this user likes. */
export async function likedPostIds(db: Db, userId: ObjectId, postIds: ObjectId[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const likes = await likesCollection(db)
    .find({ userId, postId: { $in: postIds } }, { projection: { postId: 1 } })
    .toArray();
  return new Set(likes.map((like) => like.postId.toHexString()));
}

/** False when this user already likes the post (the unique index decides, whatever the concurrency). */
export async function insertLike(db: Db, like: LikeDoc): Promise<boolean> {
  try {
    await likesCollection(db).insertOne(like);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** False when there was no like to remove (a concurrent request removed it first). */
export async function deleteLike(db: Db, postId: ObjectId, userId: ObjectId): Promise<boolean> {
  const result = await likesCollection(db).deleteOne({ postId, userId });
  return result.deletedCount === 1;
}

/**
 * Sets the post's counts to what its likes and comments are now, instead of adding to them: a process that dies
 * between a like or comment write and this update leaves the counts off only until the next write on the post (or
 * the recount at start and in the daily audit), and they can never go below zero. The update applies only if no
 * other count update landed since the post was read (`rev`); otherwise it counts again. So the update that lands
 * last counted after every write before it, and each failed try means another one landed: the loop always ends.
 */
export async function syncPostCounts(db: Db, postId: ObjectId): Promise<PostDoc | null> {
  for (;;) {
    const post = await findPost(db, postId);
    if (!post) return null;
    const [likeCount, commentCount] = await Promise.all([
      likesCollection(db).countDocuments({ postId }),
      commentsCollection(db).countDocuments({ postId }),
    ]);
    const fresh = await postsCollection(db).findOneAndUpdate(
      { _id: postId, rev: post.rev },
      { $set: { likeCount, commentCount }, $inc: { rev: 1 } },
      { returnDocument: 'after' },
    );
    if (fresh) return fresh;
  }
}

/** Counts every post's likes and comments again and corrects those that differ; how many it corrected. */
export async function recountPostCounts(db: Db): Promise<number> {
  const tally = (collection: Collection<LikeDoc> | Collection<CommentDoc>) =>
    collection.aggregate<{ _id: ObjectId; n: number }>([{ $group: { _id: '$postId', n: { $sum: 1 } } }]).toArray();
  const [likes, comments] = await Promise.all([tally(likesCollection(db)), tally(commentsCollection(db))]);
  const likesOf = new Map(likes.map((row) => [row._id.toHexString(), row.n]));
  const commentsOf = new Map(comments.map((row) => [row._id.toHexString(), row.n]));
  let corrected = 0;
  for await (const post of postsCollection(db).find({}, { projection: { likeCount: 1, commentCount: 1 } })) {
    const id = post._id.toHexString();
    if (post.likeCount === (likesOf.get(id) ?? 0) && post.commentCount === (commentsOf.get(id) ?? 0)) continue;
    // Counted again under the rev guard: a write made since the tally above is counted too.
    await syncPostCounts(db, post._id);
    corrected++;
  }
  return corrected;
}

export async function insertComment(db: Db, comment: CommentDoc): Promise<void> {
  await commentsCollection(db).insertOne(comment);
}

export function listComments(db: Db, postId: ObjectId, limit: number, after?: ObjectId): Promise<CommentDoc[]> {
  const filter: Filter<CommentDoc> = after ? { postId, _id: { $gt: after } } : { postId };
  return commentsCollection(db).find(filter).sort({ _id: 1 }).limit(limit).toArray();
}
