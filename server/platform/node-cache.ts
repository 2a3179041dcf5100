import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Db, ObjectId } from 'mongodb';
import { REVOCATION_KEPT_MS, revokedKey } from './presence.js';

/**
 * Small per-node caches of documents most requests read (the signed-in user, the names a page shows), kept true
 * across nodes through Redis pub/sub: every write of a cached kind announces the ids it changed, each node drops
 * them and confirms, and the writer answers once every subscribed node has confirmed (see CONFIRM_WAIT_MS).
 *
 * Three rules make a cached document never outlive a write:
 * - a fill that was in flight when any document of its kind was dropped is not stored (the kind's epoch moved);
 * - while the subscription is down (Redis unreachable, reconnecting) nothing is read from or stored in a cache, and
 *   everything cached is dropped when it comes back, since announcements made meanwhile were lost;
 * - entries also expire after ENTRY_TTL_MS, which bounds what a write made outside the app (a shell) could leave.
 */
export type CachedKind = 'user' | 'campaign';

const KINDS: readonly CachedKind[] = ['user', 'campaign'];
/** Entries per kind and node: enough for the users active on a node and the campaigns their pages show. */
const MAX_ENTRIES = 2_000;
const ENTRY_TTL_MS = 60_000;
/**
 * How long a write waits for every subscribed node to confirm it dropped the ids. Redis does not deliver a
 * message to the subscribers before it answers the PUBLISH (it may write the publisher's answer first), so without
 * the confirmations a request reaching another node right after the write could still be answered from its cache.
 * A node that does not confirm in time (stalled, cut off) delays the write by this much, no more.
 */
const CONFIRM_WAIT_MS = 250;

/** What is kept per id: the document, boxed so that any value can be stored. */
interface Entry {
  value: unknown;
}

class KindCache {
  /** The least recently read entry goes first once MAX_ENTRIES are held; an entry is gone ENTRY_TTL_MS after it was stored. */
  readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: ENTRY_TTL_MS });
  /** Moves on every drop: a fill that started before it is not stored. */
  epoch = 0;

  drop(ids: Iterable<string>): void {
    this.epoch++;
    for (const id of ids) this.entries.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  read(id: string): Entry | undefined {
    return this.entries.get(id);
  }

  store(id: string, value: unknown): void {
    this.entries.set(id, { value });
  }
}

/** A write's announcement waiting for its confirmations: `needed` is known once Redis answers the PUBLISH. */
interface PendingConfirmation {
  received: number;
  needed: number | null;
  done: () => void;
}

class NodeCaches {
  readonly kinds = new Map<CachedKind, KindCache>(KINDS.map((kind) => [kind, new KindCache()]));
  /** True only while the subscription is confirmed. */
  live = false;
  readonly pending = new Map<string, PendingConfirmation>();
  private sent = 0;
  private readonly nodeId = randomUUID();

  constructor(
    readonly publisher: Redis,
    readonly redisPrefix: string,
    readonly channel: string,
  ) {}

  get confirmChannel(): string {
    return `${this.channel}:confirm`;
  }

  nextAnnouncementId(): string {
    return `${this.nodeId}.${++this.sent}`;
  }

  confirmationReceived(announcementId: string): void {
    const waiting = this.pending.get(announcementId);
    if (!waiting) return;
    waiting.received++;
    if (waiting.needed !== null && waiting.received >= waiting.needed) waiting.done();
  }

  kind(kind: CachedKind): KindCache {
    return this.kinds.get(kind)!;
  }

  goOffline(): void {
    this.live = false;
    for (const cache of this.kinds.values()) cache.clear();
  }

  goLive(): void {
    for (const cache of this.kinds.values()) cache.clear();
    this.live = true;
  }

  /** `<announcement id> <kind>:<id>,<id>...`: drops the ids, then confirms to the writer. */
  applyAnnouncement(message: string): void {
    const space = message.indexOf(' ');
    const [announcementId, body] = [message.slice(0, space), message.slice(space + 1)];
    const [kind, ids] = [body.slice(0, body.indexOf(':')), body.slice(body.indexOf(':') + 1)];
    this.kinds.get(kind as CachedKind)?.drop(ids.split(','));
    this.publisher.publish(this.confirmChannel, announcementId).catch(() => undefined);
  }
}

// Keyed by the Db a process's repositories are called with, so the repository functions that write a cached
// kind announce it without every caller passing the Redis connection along.
const cachesByDb = new WeakMap<Db, NodeCaches>();

export interface RunningNodeCaches {
  stop(): Promise<void>;
}

/** Caches for this Db, and the subscription that keeps them true; until it is confirmed the caches stay off. */
export function startNodeCaches(
  db: Db,
  redis: Redis,
  redisPrefix: string,
  onError: (error: unknown) => void,
): RunningNodeCaches {
  const channel = `${redisPrefix}:node-cache`;
  const caches = new NodeCaches(redis, redisPrefix, channel);
  cachesByDb.set(db, caches);
  const subscriber = redis.duplicate({
    connectionName: 'cw-node-cache',
    enableOfflineQueue: true,
    autoResubscribe: false,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
    lazyConnect: false,
  });
  subscriber.on('error', () => {});
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel) caches.applyAnnouncement(message);
    else if (from === caches.confirmChannel) caches.confirmationReceived(message);
  });
  subscriber.on('close', () => caches.goOffline());
  subscriber.on('ready', () => {
    subscriber.subscribe(channel, caches.confirmChannel).then(
      () => {
        if (subscriber.status === 'ready') caches.goLive();
      },
      (error: unknown) => {
        caches.goOffline();
        onError(error);
      },
    );
  });
  return {
    async stop() {
      caches.goOffline();
      if (cachesByDb.get(db) === caches) cachesByDb.delete(db);
      subscriber.disconnect();
    },
  };
}

const hex = (id: string | ObjectId) => (typeof id === 'string' ? id : id.toHexString());

/** The document by id, from this node's cache when it may be trusted, else loaded (and kept if nothing moved). */
export async function cachedById<V>(
  db: Db,
  kind: CachedKind,
  id: string,
  load: () => Promise<V | null>,
): Promise<V | null> {
  const caches = cachesByDb.get(db);
  if (!caches?.live) return load();
  const cache = caches.kind(kind);
  const hit = cache.read(id);
  if (hit) return hit.value as V;
  const epoch = cache.epoch;
  const value = await load();
  // A deleted document is not remembered as missing: a later insert with the same id needs no announcement.
  if (value !== null && caches.live && cache.epoch === epoch) cache.store(id, value);
  return value;
}

/** Several documents by id: the cached ones, and the rest in one `loadMissing` call. */
export async function cachedByIds<V>(
  db: Db,
  kind: CachedKind,
  ids: string[],
  loadMissing: (ids: string[]) => Promise<Map<string, V>>,
): Promise<Map<string, V>> {
  const caches = cachesByDb.get(db);
  if (!caches?.live) return loadMissing(ids);
  const cache = caches.kind(kind);
  const found = new Map<string, V>();
  const missing: string[] = [];
  for (const id of ids) {
    const hit = cache.read(id);
    if (hit) found.set(id, hit.value as V);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const epoch = cache.epoch;
  const loaded = await loadMissing(missing);
  const keep = caches.live && cache.epoch === epoch;
  for (const [id, value] of loaded) {
    found.set(id, value);
    if (keep) cache.store(id, value);
  }
  return found;
}

/**
 * Called by every write of a cached kind, after the write: drops the ids here at once, tells the other nodes and
 * waits until every subscribed node confirms it dropped them (CONFIRM_WAIT_MS at most), so the writer's answer
 * leaves only when no node answers from the old document any more.
 * When Redis cannot take the announcement, the other nodes' subscriptions are down as well (same Redis), so their
 * caches are off and are emptied when they reconnect; the write itself stands.
 */
export async function announceChange(db: Db, kind: CachedKind, ids: Array<string | ObjectId>): Promise<void> {
  const caches = cachesByDb.get(db);
  if (!caches || ids.length === 0) return;
  const keys = ids.map(hex);
  caches.kind(kind).drop(keys);
  const announcementId = caches.nextAnnouncementId();
  let timer: NodeJS.Timeout | undefined;
  const confirmed = new Promise<void>((resolve) => {
    const waiting: PendingConfirmation = { received: 0, needed: null, done: () => resolve() };
    caches.pending.set(announcementId, waiting);
    timer = setTimeout(resolve, CONFIRM_WAIT_MS);
  });
  try {
    const subscribers = await caches.publisher
      .publish(caches.channel, `${announcementId} ${kind}:${keys.join(',')}`)
      .catch(() => 0);
    const waiting = caches.pending.get(announcementId)!;
    waiting.needed = subscribers;
    if (waiting.received >= subscribers) waiting.done();
    await confirmed;
  } finally {
    clearTimeout(timer);
    caches.pending.delete(announcementId);
  }
}

/**
 * Before a write that revokes a user's access tokens (role change, ended sessions, deletion): stamps the time where
 * the socket handshake looks (presence's admission script), so a token issued before it is checked against the
 * user instead of being taken at its word. Thrown when Redis does not take it, and the write is then not made.
 */
export async function markRevoked(db: Db, userId: string | ObjectId): Promise<void> {
  const caches = cachesByDb.get(db);
  if (!caches) return;
  await caches.publisher.set(revokedKey(caches.redisPrefix, hex(userId)), String(Date.now()), 'PX', REVOCATION_KEPT_MS);
}
