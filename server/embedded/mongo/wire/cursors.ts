// Server-side cursors: batching (101 documents or 16 MiB for a first batch, 16 MiB for getMore)
// and cleanup of cursors left idle, as mongod does after 10 minutes.
import { BSON, Long } from 'bson';
import type { Doc } from '../common/documents.js';
import { MongoCommandError } from '../common/errors.js';
import { EncodedBatch, ProjectedBson, type EncodedDoc } from './raw-bson.js';

/** What a cursor hands out: a document, or a document already encoded as BSON (see raw-bson.ts). */
export type CursorItem = Doc | EncodedDoc;

export const DEFAULT_FIRST_BATCH = 101;
export const MAX_BATCH_BYTES = 16 * 1024 * 1024;
export const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;

interface ServerCursor {
  id: number;
  ns: string;
  iter: Iterator<CursorItem>;
  /** One document read ahead to know whether the cursor is exhausted. */
  peeked?: CursorItem;
  lastUsed: number;
  noTimeout: boolean;
}

export interface BatchOptions {
  batchSize?: number;
  singleBatch?: boolean;
  noCursorTimeout?: boolean;
}

export class CursorManager {
  private readonly cursors = new Map<number, ServerCursor>();
  private nextId = Math.floor(Math.random() * 1e9) + 1;

  get size(): number {
    return this.cursors.size;
  }

  /** The next batch, each document encoded once here (its size counts towards the batch limit). */
  private static takeBatch(
    cur: { iter: Iterator<CursorItem>; peeked?: CursorItem },
    max: number,
  ): { batch: EncodedBatch; exhausted: boolean } {
    const docs: EncodedDoc[] = [];
    let bytes = 0;
    let limit = 0;
    const done = (exhausted: boolean) => ({ batch: new EncodedBatch(docs, bytes), exhausted });
    while (docs.length < max) {
      let item = cur.peeked;
      cur.peeked = undefined;
      if (!item) {
        const r = cur.iter.next();
        if (r.done) return done(true);
        item = r.value;
      }
      const doc = item instanceof Uint8Array || item instanceof ProjectedBson ? item : BSON.serialize(item);
      // The document plus its array element header: type byte, decimal index, NUL.
      const size = doc.length + 2 + String(docs.length).length;
      if (docs.length > 0 && limit + size > MAX_BATCH_BYTES) {
        cur.peeked = doc;
        return done(false);
      }
      limit += size;
      bytes += doc.length;
      docs.push(doc);
    }
    if (!cur.peeked) {
      const r = cur.iter.next();
      if (r.done) return done(true);
      cur.peeked = r.value;
    }
    return done(false);
  }

  /** Builds the `{cursor: {firstBatch, id, ns}, ok: 1}` reply, registering a cursor if more remain. */
  open(ns: string, iter: Iterator<CursorItem>, opts: BatchOptions = {}): Doc {
    const size = opts.batchSize ?? DEFAULT_FIRST_BATCH;
    const state: { iter: Iterator<CursorItem>; peeked?: CursorItem } = { iter };
    const { batch, exhausted } =
      size === 0 ? { batch: new EncodedBatch([], 0), exhausted: false } : CursorManager.takeBatch(state, size);
    let id = 0;
    if (!exhausted && !opts.singleBatch) {
      id = this.nextId++;
      this.cursors.set(id, {
        id,
        ns,
        iter,
        peeked: state.peeked,
        lastUsed: Date.now(),
        noTimeout: !!opts.noCursorTimeout,
      });
    }
    return { cursor: { firstBatch: batch, id: Long.fromNumber(id), ns }, ok: 1 };
  }

  getMore(id: number, collection: string, db: string, batchSize?: number): Doc {
    const cur = this.cursors.get(id);
    if (!cur) throw new MongoCommandError(43, `cursor id ${id} not found`);
    if (cur.ns !== `${db}.${collection}`) {
      throw new MongoCommandError(
        13,
        `Requested getMore on namespace '${db}.${collection}', but cursor belongs to a different namespace ${cur.ns}`,
        {},
        'Unauthorized',
      );
    }
    const { batch, exhausted } = CursorManager.takeBatch(cur, batchSize && batchSize > 0 ? batchSize : Infinity);
    cur.lastUsed = Date.now();
    if (exhausted) this.cursors.delete(id);
    return { cursor: { nextBatch: batch, id: Long.fromNumber(exhausted ? 0 : id), ns: cur.ns }, ok: 1 };
  }

  kill(ids: number[]): Doc {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) (this.cursors.delete(id) ? killed : notFound).push(Long.fromNumber(id));
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  /** Drops cursors idle for longer than the timeout. */
  sweep(now = Date.now()): void {
    for (const [id, cur] of this.cursors) {
      if (!cur.noTimeout && now - cur.lastUsed > CURSOR_TIMEOUT_MS) this.cursors.delete(id);
    }
  }

  clear(): void {
    this.cursors.clear();
  }
}
