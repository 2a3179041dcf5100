// Documents as BSON bytes on the read path. A stored document is encoded on its first read and its bytes
// are kept for as long as the document itself (stored documents are never modified in place: a write
// replaces them, see documents.ts), so a page read copies bytes instead of re-encoding every document.
// Simple projections (top-level fields only, 0/1/true/false) are applied to those bytes directly.
import { BSON, Long } from 'bson';
import type { Doc } from '../common/documents.js';

/** Larger documents (GridFS chunks...) are encoded on every read rather than held twice in memory. */
const CACHED_MAX_BYTES = 16 * 1024;

const encoded = new WeakMap<Doc, Buffer>();

/** The BSON encoding of a stored document (only ever a stored one: the bytes are kept with the object). */
export function storedBson(doc: Doc): Buffer {
  let bytes = encoded.get(doc);
  if (!bytes) {
    const raw = BSON.serialize(doc);
    bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (bytes.length <= CACHED_MAX_BYTES) encoded.set(doc, bytes);
  }
  return bytes;
}

/**
 * A stored document's bytes under a simple projection, not yet copied: the kept element ranges go straight from
 * the stored bytes into the reply (no intermediate projected copy). `length` is the projected document's size.
 */
export class ProjectedBson {
  constructor(
    readonly src: Buffer,
    readonly keep: number[],
    readonly length: number,
  ) {}
}

/** A document ready for a reply: its bytes, or a projection of stored bytes. */
export type EncodedDoc = Uint8Array | ProjectedBson;

/** The documents of a cursor batch, each already encoded, and their total size. */
export class EncodedBatch {
  constructor(
    readonly docs: EncodedDoc[],
    readonly bytes: number,
  ) {}
}

/** Writes a projected document at `o`; returns the offset after it. */
function writeProjected(buf: Uint8Array, o: number, d: ProjectedBson): number {
  const { src, keep } = d;
  buf[o] = d.length & 0xff;
  buf[o + 1] = (d.length >>> 8) & 0xff;
  buf[o + 2] = (d.length >>> 16) & 0xff;
  buf[o + 3] = (d.length >>> 24) & 0xff;
  o += 4;
  for (let i = 0; i < keep.length; i += 2) o += src.copy(buf, o, keep[i], keep[i + 1]);
  buf[o++] = 0;
  return o;
}

/**
 * Projected documents and replies are carved from large slabs rather than allocated one by one: every page
 * made ~3 buffer allocations (Node's 8 KiB pool refills and the reply), ~20% of a page's server CPU. A slab is
 * never reused, only replaced when full; it is freed once nothing refers to a piece of it.
 */
const SLAB_BYTES = 256 * 1024;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabUsed = 0;

function slabBuffer(size: number): Buffer {
  if (size > SLAB_BYTES / 8) return Buffer.allocUnsafe(size);
  if (slabUsed + size > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + size);
  // Pieces start on 8-byte boundaries, as Node's own pool aligns them.
  slabUsed = (slabUsed + size + 7) & ~7;
  return out;
}

const int32 = (b: Uint8Array, p: number) => (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;

function cstringEnd(b: Uint8Array, p: number): number {
  // Field names are short: a loop is cheaper than a native indexOf call.
  const n = b.length;
  while (p < n && b[p] !== 0) p++;
  if (p >= n) throw new Error('unterminated BSON cstring');
  return p;
}

/** Size of an element's value starting at `p`, by BSON type. */
function valueSize(type: number, b: Uint8Array, p: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // UTC datetime
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return 4 + int32(b, p);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return int32(b, p);
    case 0x05: // binary: length, subtype, bytes
      return 5 + int32(b, p);
    case 0x06: // undefined
    case 0x0a: // null
    case 0x7f: // MaxKey
    case 0xff: // MinKey
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: // regular expression: pattern and options, two cstrings
      return cstringEnd(b, cstringEnd(b, p) + 1) + 1 - p;
    case 0x0c: // DBPointer: string, then a 12-byte ObjectId
      return 4 + int32(b, p) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      throw new Error(`unknown BSON type ${type}`);
  }
}

/** A find projection naming top-level fields only, each 0/1/true/false: applied to the encoded document. */
interface SimpleProjection {
  /** Inclusion: keep the named fields (and `_id` unless excluded). Exclusion: drop the named fields. */
  inclusion: boolean;
  /** Field names as UTF-8 bytes: kept (inclusion) or dropped (exclusion); `_id` is decided by `keepId`. */
  names: Uint8Array[];
  keepId: boolean;
}

const ID = Buffer.from('_id');

/**
 * The projection as a SimpleProjection when it is one, else undefined (then it goes through mingo). The
 * projection's mode has been checked already (no mixing of inclusions and exclusions).
 */
export function simpleProjection(projection: Doc): SimpleProjection | undefined {
  // One object per distinct projection, so that the kept ranges cached per document can be reused.
  const key = JSON.stringify(projection);
  let p = simpleProjections.get(key);
  if (p === undefined) {
    if (simpleProjections.size >= 256) simpleProjections.clear();
    p = parseSimpleProjection(projection) ?? null;
    simpleProjections.set(key, p);
  }
  return p ?? undefined;
}

const simpleProjections = new Map<string, SimpleProjection | null>();

function parseSimpleProjection(projection: Doc): SimpleProjection | undefined {
  let inclusion: boolean | undefined;
  let keepId = true;
  const names: Uint8Array[] = [];
  for (const [key, value] of Object.entries(projection)) {
    let include: boolean;
    if (typeof value === 'boolean') include = value;
    else if (value === 0 || value === 1) include = value === 1;
    else return undefined;
    if (key === '_id') {
      keepId = include;
      continue;
    }
    if (key === '' || key.includes('.') || key.startsWith('$')) return undefined;
    if (inclusion !== undefined && inclusion !== include) return undefined;
    inclusion = include;
    names.push(Buffer.from(key));
  }
  // Only `_id` named: {_id: 0} excludes it; {_id: 1} keeps nothing else.
  return { inclusion: inclusion ?? keepId, names, keepId };
}

function sameName(b: Uint8Array, start: number, end: number, name: Uint8Array): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (b[start + i] !== name[i]) return false;
  return true;
}

/** A simple projection of an encoded document, as bytes; the kept fields stay in the document's order. */
export function projectBson(doc: Buffer, p: SimpleProjection): Buffer {
  const projected = projectStored(doc, p);
  if (!(projected instanceof ProjectedBson)) return doc;
  const out = Buffer.allocUnsafe(projected.length);
  writeProjected(out, 0, projected);
  return out;
}

/** A simple projection of a stored document's bytes, left for the reply to copy (the bytes themselves when it keeps everything). */
export function projectStored(doc: Buffer, p: SimpleProjection): EncodedDoc {
  let ranges = keptRanges.get(doc);
  if (ranges?.p !== p) {
    ranges = { p, ...keptElements(doc, p) };
    keptRanges.set(doc, ranges);
  }
  return ranges.size === doc.length ? doc : new ProjectedBson(doc, ranges.keep, ranges.size);
}

/**
 * The element ranges a projection keeps, per stored document's bytes and projection (the last one used): a page
 * read again with the same projection copies the ranges without walking the elements. A few numbers per document.
 */
const keptRanges = new WeakMap<Buffer, { p: SimpleProjection; keep: number[]; size: number }>();

function keptElements(doc: Buffer, p: SimpleProjection): { keep: number[]; size: number } {
  const keep: number[] = []; // [start, end) pairs of whole elements
  let size = 5;
  let pos = 4;
  const last = doc.length - 1;
  while (pos < last) {
    const type = doc[pos];
    const nameEnd = cstringEnd(doc, pos + 1);
    const end = nameEnd + 1 + valueSize(type, doc, nameEnd + 1);
    let kept: boolean;
    if (sameName(doc, pos + 1, nameEnd, ID)) kept = p.keepId;
    else {
      let named = false;
      for (const name of p.names) {
        if (sameName(doc, pos + 1, nameEnd, name)) {
          named = true;
          break;
        }
      }
      kept = named === p.inclusion;
    }
    if (kept) {
      // Adjacent kept elements are copied as one range.
      if (keep.length > 0 && keep[keep.length - 1] === pos) keep[keep.length - 1] = end;
      else keep.push(pos, end);
      size += end - pos;
    }
    pos = end;
  }
  return { keep, size };
}

/** The elements of a document (its bytes without the length prefix and the final NUL). */
function elementsOf(fields: Doc): Uint8Array {
  const b = BSON.serialize(fields);
  return b.subarray(4, b.length - 1);
}

/** A document being encoded: runs of ordinary elements, batches, and sub-documents that hold batches. */
type Piece = Uint8Array | { name: string; batch: EncodedBatch } | { name: string; doc: Layout };

interface Layout {
  pieces: Piece[];
  /** Encoded size of the whole document. */
  size: number;
}

const holdsBatch = (v: unknown): v is Doc =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).some((x) => x instanceof EncodedBatch);

function layout(doc: Doc, depth: number): Layout {
  const pieces: Piece[] = [];
  let size = 5;
  let run: Doc | undefined;
  const flush = () => {
    if (!run) return;
    const e = elementsOf(run);
    pieces.push(e);
    size += e.length;
    run = undefined;
  };
  for (const [name, v] of Object.entries(doc)) {
    if (v instanceof EncodedBatch) {
      flush();
      pieces.push({ name, batch: v });
      // type byte, name, NUL, then the array
      size += Buffer.byteLength(name) + 2 + batchArraySize(v);
    } else if (depth === 0 && holdsBatch(v)) {
      flush();
      const inner = layout(v, 1);
      pieces.push({ name, doc: inner });
      size += Buffer.byteLength(name) + 2 + inner.size;
    } else (run ??= {})[name] = v;
  }
  flush();
  return { pieces, size };
}

/** Writes an array index as decimal digits (the element's name). */
function writeIndex(buf: Buffer, o: number, index: number): number {
  if (index < 10) {
    buf[o] = 48 + index;
    return o + 1;
  }
  if (index < 100) {
    buf[o] = 48 + Math.floor(index / 10);
    buf[o + 1] = 48 + (index % 10);
    return o + 2;
  }
  return o + buf.write(String(index), o, 'latin1');
}

/** Digits of an array index, the length of its element name. */
const indexDigits = (index: number) => (index < 10 ? 1 : index < 100 ? 2 : String(index).length);

/** Encoded size of a batch as a BSON array: per document its type byte, decimal index and NUL. */
function batchArraySize(batch: EncodedBatch): number {
  let size = 5 + batch.bytes;
  for (let i = 0; i < batch.docs.length; i++) size += 2 + indexDigits(i);
  return size;
}

/** Writes a batch as a BSON array at `o` (its documents copied as encoded); returns the offset after it. */
function writeBatchArray(buf: Buffer, o: number, batch: EncodedBatch): number {
  const start = o;
  o += 4;
  const docs = batch.docs;
  for (let index = 0; index < docs.length; index++) {
    buf[o++] = 0x03;
    o = writeIndex(buf, o, index);
    buf[o++] = 0;
    const d = docs[index];
    if (d instanceof ProjectedBson) o = writeProjected(buf, o, d);
    else {
      buf.set(d, o);
      o += d.length;
    }
  }
  buf[o++] = 0;
  buf.writeInt32LE(o - start, start);
  return o;
}

function writeLayout(buf: Buffer, o: number, l: Layout): number {
  buf.writeInt32LE(l.size, o);
  o += 4;
  for (const piece of l.pieces) {
    if (piece instanceof Uint8Array) {
      buf.set(piece, o);
      o += piece.length;
      continue;
    }
    buf[o++] = 'batch' in piece ? 0x04 : 0x03;
    o += buf.write(piece.name, o);
    buf[o++] = 0;
    if ('doc' in piece) {
      o = writeLayout(buf, o, piece.doc);
      continue;
    }
    o = writeBatchArray(buf, o, piece.batch);
  }
  buf[o++] = 0;
  return o;
}

/**
 * Encodes a reply whose values may be EncodedBatch (cursor batches), at the top level or one level down
 * (`{cursor: {firstBatch, id, ns}, ok: 1}`): the batches' documents are copied as they are, every other
 * value is encoded by the bson package. The encoding starts after `prefix` bytes left for the caller.
 */
export function encodeWithBatches(reply: Doc, prefix: number): Buffer {
  const page = cursorPage(reply);
  if (page) return encodeCursorPage(page, prefix);
  const l = layout(reply, 0);
  const buf = slabBuffer(prefix + l.size);
  const end = writeLayout(buf, prefix, l);
  if (end !== buf.length) throw new Error(`reply encoding size mismatch: ${end - prefix} != ${l.size}`);
  return buf;
}

/** The parts of a plain cursor reply, `{cursor: {firstBatch | nextBatch, id, ns}, ok: 1}`. */
interface CursorPage {
  batchName: 'firstBatch' | 'nextBatch';
  batch: EncodedBatch;
  id: Long;
  ns: string;
}

const sameKeys = (doc: Doc, keys: string[]) => {
  const own = Object.keys(doc);
  return own.length === keys.length && own.every((k, i) => k === keys[i]);
};

/** The reply's parts when it is a plain cursor reply (every find, getMore and aggregate page), else undefined. */
function cursorPage(reply: Doc): CursorPage | undefined {
  const cursor = reply.cursor as Doc | undefined;
  if (reply.ok !== 1 || !sameKeys(reply, ['cursor', 'ok']) || typeof cursor !== 'object' || cursor === null)
    return undefined;
  const batchName = 'firstBatch' in cursor ? 'firstBatch' : 'nextBatch';
  const { id, ns } = cursor;
  const batch = cursor[batchName];
  if (
    !(batch instanceof EncodedBatch) ||
    !(id instanceof Long) ||
    typeof ns !== 'string' ||
    !sameKeys(cursor, [batchName, 'id', 'ns'])
  )
    return undefined;
  return { batchName, batch, id, ns };
}

/**
 * A plain cursor reply written field by field: what the general layout gives for it, byte for byte, without
 * encoding its small fields through the bson package (framing a 25-document page's reply: ~12 -> ~7 µs).
 */
function encodeCursorPage({ batchName, batch, id, ns }: CursorPage, prefix: number): Buffer {
  const nsBytes = Buffer.byteLength(ns);
  // {<batchName>: [...], id: int64, ns: string}
  const cursorSize = 4 + (2 + batchName.length + batchArraySize(batch)) + (4 + 8) + (4 + 4 + nsBytes + 1) + 1;
  // {cursor: {...}, ok: int32}
  const size = 4 + (8 + cursorSize) + (4 + 4) + 1;
  const buf = slabBuffer(prefix + size);
  let o = prefix;
  buf.writeInt32LE(size, o);
  buf[o + 4] = 0x03;
  o += 5 + buf.write('cursor\0', o + 5, 'latin1');
  buf.writeInt32LE(cursorSize, o);
  buf[o + 4] = 0x04;
  o += 5 + buf.write(batchName, o + 5, 'latin1');
  buf[o++] = 0;
  o = writeBatchArray(buf, o, batch);
  buf[o] = 0x12;
  o += 1 + buf.write('id\0', o + 1, 'latin1');
  buf.writeInt32LE(id.low, o);
  buf.writeInt32LE(id.high, o + 4);
  buf[o + 8] = 0x02;
  o += 9 + buf.write('ns\0', o + 9, 'latin1');
  buf.writeInt32LE(nsBytes + 1, o);
  o += 4 + buf.write(ns, o + 4, 'utf8');
  buf[o++] = 0;
  buf[o++] = 0; // end of the cursor document
  buf[o] = 0x10;
  o += 1 + buf.write('ok\0', o + 1, 'latin1');
  buf.writeInt32LE(1, o);
  buf[o + 4] = 0; // end of the reply
  if (o + 5 !== buf.length) throw new Error(`cursor reply encoding size mismatch: ${o + 5 - prefix} != ${size}`);
  return buf;
}
