import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { CommentItem } from '../../../shared/schemas/community/comments.js';
import type { PostSort, PostTab } from '../../../shared/schemas/community/list.js';
import type { CreatePostBody, CreatePostResponse, PostItem, PostType } from '../../../shared/schemas/community/post.js';
import { api } from '../../api/client.js';
import { onLive } from '../../live/socket.js';
import { session } from '../session/public.js';

const PAGE_SIZE = 20;

interface CommentThread {
  items: CommentItem[];
  nextCursor: string | null;
  loading: boolean;
}

interface FeedState {
  tab: PostTab;
  sort: PostSort;
  items: PostItem[];
  nextCursor: string | null;
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  /** Threads of the posts whose comments were opened. */
  threads: Record<string, CommentThread>;
}

export const feed = proxy<FeedState>({
  tab: 'all',
  sort: 'newest',
  items: [],
  nextCursor: null,
  loading: true,
  loadingMore: false,
  failed: false,
  threads: {},
});

export const useFeed = () => useSnapshot(feed);

/** Bumped on every tab/sort change, so a late answer for an old query is dropped. */
let generation = 0;

const TAB_TYPES: Record<PostTab, readonly PostType[]> = {
  all: ['win', 'tip', 'question', 'announcement'],
  wins: ['win'],
  tips: ['tip', 'question'],
  announcements: ['announcement'],
};

const findPost = (id: string) => feed.items.find((post) => post.id === id);

function appendUnique(posts: PostItem[]) {
  const seen = new Set(feed.items.map((post) => post.id));
  for (const post of posts) if (!seen.has(post.id)) feed.items.push(post);
}

export async function loadFeed(tab: PostTab, sort: PostSort): Promise<void> {
  const mine = ++generation;
  feed.tab = tab;
  feed.sort = sort;
  feed.loading = true;
  feed.failed = false;
  try {
    const list = await api(`/api/posts?${new URLSearchParams({ type: tab, sort, limit: String(PAGE_SIZE) })}`);
    if (mine !== generation) return;
    feed.items = [];
    // Threads were only kept current while they were on screen.
    feed.threads = {};
    appendUnique(list.items);
    feed.nextCursor = list.nextCursor;
  } catch {
    if (mine === generation) feed.failed = true;
  } finally {
    if (mine === generation) feed.loading = false;
  }
}

/** The next page (infinite scroll). Under popular/discussed sorts counts move between pages: de-duplicated by id. */
export async function loadMorePosts(): Promise<void> {
  if (!feed.nextCursor || feed.loadingMore || feed.loading) return;
  const mine = generation;
  feed.loadingMore = true;
  try {
    const params = new URLSearchParams({
      type: feed.tab,
      sort: feed.sort,
      limit: String(PAGE_SIZE),
      cursor: feed.nextCursor,
    });
    const list = await api(`/api/posts?${params}`);
    if (mine !== generation) return;
    appendUnique(list.items);
    feed.nextCursor = list.nextCursor;
  } finally {
    if (mine === generation) feed.loadingMore = false;
  }
}

export async function createPost(body: CreatePostBody): Promise<CreatePostResponse> {
  const answer = await api('/api/posts', { body });
  // The live `post:created` of this post may have arrived first: never twice.
  if (!findPost(answer.post.id) && TAB_TYPES[feed.tab].includes(answer.post.type)) feed.items.unshift(answer.post);
  return answer;
}

/** Counts come with the post's rev: only a higher rev than the one shown replaces them. */
function applyCounts(post: PostItem, next: { likeCount: number; commentCount: number; rev: number }): boolean {
  if (next.rev <= post.rev) return false;
  post.likeCount = next.likeCount;
  post.commentCount = next.commentCount;
  post.rev = next.rev;
  return true;
}

export async function toggleLike(postId: string): Promise<void> {
  const post = findPost(postId);
  if (!post) return;
  const revBefore = post.rev;
  const wasLiked = post.likedByMe;
  post.likedByMe = !wasLiked;
  post.likeCount = Math.max(0, post.likeCount + (wasLiked ? -1 : 1));
  try {
    const answer = await api(`/api/posts/${postId}/like`, { method: 'POST' });
    const current = findPost(postId);
    if (!current) return;
    current.likedByMe = answer.liked;
    // Counts at a higher rev replace the optimistic ones; an answer that changed nothing (a concurrent click of
    // this user took the like back first) carries the rev shown and undoes the optimistic count.
    if (!applyCounts(current, answer) && current.rev === revBefore) current.likeCount = answer.likeCount;
  } catch {
    const current = findPost(postId);
    if (current && current.rev === revBefore) {
      current.likedByMe = wasLiked;
      current.likeCount = Math.max(0, current.likeCount + (wasLiked ? 1 : -1));
    }
  }
}

export async function openThread(postId: string): Promise<void> {
  if (feed.threads[postId]) return;
  feed.threads[postId] = { items: [], nextCursor: null, loading: true };
  try {
    const list = await api(`/api/posts/${postId}/comments?limit=50`);
    addComments(postId, list.items);
    feed.threads[postId].nextCursor = list.nextCursor;
  } catch {
    // The API client already said why; the thread can be opened again.
    delete feed.threads[postId];
  } finally {
    if (feed.threads[postId]) feed.threads[postId].loading = false;
  }
}

export async function loadMoreComments(postId: string): Promise<void> {
  const thread = feed.threads[postId];
  if (!thread?.nextCursor || thread.loading) return;
  thread.loading = true;
  try {
    const list = await api(`/api/posts/${postId}/comments?limit=50&cursor=${thread.nextCursor}`);
    addComments(postId, list.items);
    thread.nextCursor = list.nextCursor;
  } finally {
    thread.loading = false;
  }
}

function addComments(postId: string, comments: CommentItem[]) {
  const thread = feed.threads[postId];
  if (!thread) return;
  const seen = new Set(thread.items.map((comment) => comment.id));
  for (const comment of comments) if (!seen.has(comment.id)) thread.items.push(comment);
}

export async function addComment(postId: string, content: string): Promise<void> {
  const answer = await api(`/api/posts/${postId}/comments`, { body: { content } });
  addComments(postId, [answer.comment]);
  const current = findPost(postId);
  if (current) applyCounts(current, answer);
}

/**
 * The feed's live events. The actor's own tab already applied its action from the REST answer: posts and
 * comments are de-duplicated by id and counts replaced only by a higher rev, so nothing is counted twice.
 */
export function followFeed(): () => void {
  const offCreated = onLive(SocketEvents.postCreated, ({ post }) => {
    if (findPost(post.id) || feed.sort !== 'newest' || !TAB_TYPES[feed.tab].includes(post.type)) return;
    feed.items.unshift(post);
  });
  const offLiked = onLive(SocketEvents.postLiked, (event) => {
    const post = findPost(event.postId);
    if (!post || !applyCounts(post, event)) return;
    if (event.actorId === session.user?.id) post.likedByMe = event.liked;
  });
  const offCommented = onLive(SocketEvents.postCommented, (event) => {
    addComments(event.postId, [event.comment]);
    const post = findPost(event.postId);
    if (post) applyCounts(post, event);
  });
  return () => {
    offCreated();
    offLiked();
    offCommented();
  };
}
