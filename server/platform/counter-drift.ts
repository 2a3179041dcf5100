import { BSON, type AnyBulkWriteOperation, type Collection, type Document } from 'mongodb';

const { EJSON } = BSON;

/**
 * A collection of counters kept by `$inc` beside the writes they count, and how to count them again from the data.
 * A process that dies between a write and its counter update leaves the counter off by that write; nothing else
 * moves it, so the drift stays until a recount corrects it.
 */
export interface CounterFamily {
  name: string;
  collection: Collection<Document>;
  /** The counters as a recount from the data gives them, whole documents. */
  recount(): Promise<Document[]>;
  /** Fields a counter document gets when a correction creates it (besides `_id` and its counts). */
  insertFields?(doc: Document): Document;
}

/** Per counter document (`_id` as extended JSON): the dotted count paths and by how much the stored ones are off. */
export type Drift = Record<string, Record<string, number>>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The numeric leaves of a document with their dotted paths (ids, dates and other values are not counts). */
function countsOf(doc: Document, prefix = ''): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [key, value] of Object.entries(doc)) {
    if (!prefix && key === '_id') continue;
    if (typeof value === 'number') counts.set(prefix + key, value);
    else if (isPlainObject(value)) for (const [path, n] of countsOf(value, `${prefix}${key}.`)) counts.set(path, n);
  }
  return counts;
}

/** What the recount says minus what is stored, for every count that differs. */
export async function measureDrift(family: CounterFamily): Promise<Drift> {
  const [stored, recounted] = await Promise.all([family.collection.find({}).toArray(), family.recount()]);
  const sides = new Map<string, { stored: Map<string, number>; recounted: Map<string, number> }>();
  const side = (doc: Document) => {
    const key = EJSON.stringify(doc._id, { relaxed: false });
    const at = sides.get(key) ?? { stored: new Map(), recounted: new Map() };
    sides.set(key, at);
    return at;
  };
  for (const doc of stored) side(doc).stored = countsOf(doc);
  for (const doc of recounted) side(doc).recounted = countsOf(doc);
  const drift: Drift = {};
  for (const [id, { stored: had, recounted: should }] of sides) {
    for (const path of new Set([...had.keys(), ...should.keys()])) {
      const off = (should.get(path) ?? 0) - (had.get(path) ?? 0);
      if (off !== 0) (drift[id] ??= {})[path] = off;
    }
  }
  return drift;
}

/** The part of `now` that `before` saw exactly the same: drift from writes in flight moves between two looks. */
export function steadyDrift(before: Drift, now: Drift): Drift {
  const steady: Drift = {};
  for (const [id, paths] of Object.entries(now)) {
    for (const [path, off] of Object.entries(paths)) if (before[id]?.[path] === off) (steady[id] ??= {})[path] = off;
  }
  return steady;
}

/** Moves the stored counts by the drift (relative, so writes made meanwhile keep their own increments). */
export async function correctDrift(family: CounterFamily, drift: Drift): Promise<number> {
  const recounted = new Map((await family.recount()).map((doc) => [EJSON.stringify(doc._id, { relaxed: false }), doc]));
  const ops: AnyBulkWriteOperation<Document>[] = Object.entries(drift).map(([id, inc]) => {
    const filter: Document = { _id: EJSON.parse(id, { relaxed: false }) };
    const doc = recounted.get(id);
    const insert = doc && family.insertFields ? family.insertFields(doc) : {};
    return {
      updateOne: {
        filter,
        update: { $inc: inc, ...(Object.keys(insert).length ? { $setOnInsert: insert } : {}) },
        upsert: true,
      },
    };
  });
  if (ops.length) await family.collection.bulkWrite(ops, { ordered: false });
  return ops.length;
}
