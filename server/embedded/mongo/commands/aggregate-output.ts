// $out and $merge: the pipeline's documents written to a collection. $out builds the new contents
// in a temporary collection (with the target's options and indexes) and renames it over the target,
// so a failure leaves the target untouched; $merge writes document by document, as mongod does.
import { randomUUID } from 'node:crypto';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { cloneDoc, getPath, isPlainObject, withIdFirst, type Doc } from '../common/documents.js';
import { validateForWrite } from '../write/validation.js';
import { MongoCommandError, failedToParse, toCommandError } from '../common/errors.js';
import { validateCollectionName, validateDbName } from '../storage/catalogue.js';
import type { Collection } from '../storage/collection.js';
import { execute } from '../query/query-exec.js';
import { applyUpdate, validateUpdate } from '../write/updates.js';
import { encodeValue } from '../indexes/key-encoding.js';
import { mingoOptions } from '../operators/mingo-context.js';
import type { CommandContext } from './state.js';

export type OutputStage = '$out' | '$merge';

export function outputStageOf(stage: unknown): OutputStage | undefined {
  if (!isPlainObject(stage)) return undefined;
  if ('$out' in stage) return '$out';
  if ('$merge' in stage) return '$merge';
  return undefined;
}

function target(spec: unknown, ctx: CommandContext, stage: OutputStage): { db: string; coll: string } {
  if (typeof spec === 'string') return { db: ctx.db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string') {
    return { db: typeof spec.db === 'string' ? spec.db : ctx.db, coll: spec.coll };
  }
  if (stage === '$out')
    throw new MongoCommandError(
      16990,
      '$out only supports a string or object argument, but found ' + typeof spec,
      {},
      'Location16990',
    );
  throw failedToParse("$merge 'into' field must be either a string or an object");
}

function checkTarget(db: string, coll: string, ctx: CommandContext): void {
  validateDbName(db);
  validateCollectionName(db, coll);
  void ctx;
}

export function writeOut(docs: Doc[], spec: unknown, ctx: CommandContext, bypass = false): void {
  const { db, coll } = target(spec, ctx, '$out');
  checkTarget(db, coll, ctx);
  const catalogue = ctx.state.catalogue;
  const existing = catalogue.get(db, coll);
  const tempName = `tmp.agg_out.${randomUUID()}`;
  const temp = catalogue.create(db, tempName, cloneDoc(existing?.options ?? {}));
  try {
    for (const index of existing?.indexes.values() ?? [])
      if (index.name !== '_id_') temp.addIndex(cloneDoc(index.spec));
    for (const doc of docs) {
      const stored = withIdFirst(doc);
      validateForWrite(temp, stored, { bypass });
      temp.insert(stored);
    }
  } catch (err) {
    catalogue.drop(db, tempName);
    throw toCommandError(err);
  }
  catalogue.rename(db, tempName, db, coll, true);
}

interface MergeSpec {
  db: string;
  coll: string;
  on: string[];
  whenMatched: 'replace' | 'keepExisting' | 'merge' | 'fail' | Doc[];
  whenNotMatched: 'insert' | 'discard' | 'fail';
  let?: Doc;
}

function parseMerge(raw: unknown, ctx: CommandContext): MergeSpec {
  const spec: Doc = typeof raw === 'string' ? { into: raw } : isPlainObject(raw) ? raw : {};
  if (spec.into === undefined) throw failedToParse("BSON field '$merge.into' is missing but a required field");
  for (const k of Object.keys(spec)) {
    if (!['into', 'on', 'whenMatched', 'whenNotMatched', 'let'].includes(k)) {
      throw new MongoCommandError(40415, `BSON field '$merge.${k}' is an unknown field.`, {}, 'Location40415');
    }
  }
  const { db, coll } = target(spec.into, ctx, '$merge');
  const on = spec.on === undefined ? ['_id'] : Array.isArray(spec.on) ? spec.on : [spec.on];
  if (on.length === 0 || !on.every((f) => typeof f === 'string')) {
    throw new MongoCommandError(
      51186,
      "$merge 'on' field must be either a string or an array of strings",
      {},
      'Location51186',
    );
  }
  const whenMatched = spec.whenMatched ?? 'merge';
  if (!Array.isArray(whenMatched) && !['replace', 'keepExisting', 'merge', 'fail'].includes(whenMatched as string)) {
    throw failedToParse(
      `Enumeration value '${String(whenMatched)}' for field '$merge.whenMatched' is not a valid value.`,
    );
  }
  const whenNotMatched = spec.whenNotMatched ?? 'insert';
  if (!['insert', 'discard', 'fail'].includes(whenNotMatched as string)) {
    throw failedToParse(
      `Enumeration value '${String(whenNotMatched)}' for field '$merge.whenNotMatched' is not a valid value.`,
    );
  }
  if (spec.let !== undefined && !Array.isArray(whenMatched)) {
    throw new MongoCommandError(
      51199,
      "Cannot use 'let' variables with 'whenMatched: " + String(whenMatched) + "' mode",
      {},
      'Location51199',
    );
  }
  if (Array.isArray(whenMatched)) validateUpdate(whenMatched);
  return {
    db,
    coll,
    on: on as string[],
    whenMatched: whenMatched as MergeSpec['whenMatched'],
    whenNotMatched: whenNotMatched as MergeSpec['whenNotMatched'],
    let: isPlainObject(spec.let) ? spec.let : undefined,
  };
}

/** Only a unique index on exactly the `on` fields guarantees one match per document, so mongod requires one. */
function checkOnIndex(coll: Collection | undefined, on: string[]): void {
  if (on.length === 1 && on[0] === '_id') return;
  const wanted = [...on].sort().join('\0');
  const found =
    coll &&
    [...coll.indexes.values()].some(
      (i) =>
        i.unique &&
        !i.spec.partialFilterExpression &&
        !i.spec.collation &&
        Object.keys(i.spec.key).sort().join('\0') === wanted,
    );
  if (!found) {
    throw new MongoCommandError(
      51183,
      'Cannot find index to verify that join fields will be unique',
      {},
      'Location51183',
    );
  }
}

const IMMUTABLE = '$merge failed to update the matching document, did you attempt to modify the _id or the shard key?';

export function writeMerge(docs: Doc[], raw: unknown, ctx: CommandContext, variables?: Doc, bypass = false): void {
  const spec = parseMerge(raw, ctx);
  checkTarget(spec.db, spec.coll, ctx);
  checkOnIndex(ctx.state.catalogue.get(spec.db, spec.coll), spec.on);
  for (const doc of docs) {
    const filter: Doc = {};
    for (const field of spec.on) {
      const value = field === '_id' && doc._id === undefined ? undefined : getPath(doc, field);
      if (field === '_id' && value === undefined) continue;
      if (value === undefined || value === null || Array.isArray(value)) {
        throw new MongoCommandError(
          51132,
          `$merge write error: 'on' field '${field}' cannot be missing, null, undefined or an array`,
          {},
          'Location51132',
        );
      }
      filter[field] = { $eq: value };
    }
    const coll = ctx.state.catalogue.get(spec.db, spec.coll);
    const match = Object.keys(filter).length && coll ? first(coll, filter) : undefined;
    if (!match) {
      if (spec.whenNotMatched === 'discard') continue;
      if (spec.whenNotMatched === 'fail') {
        throw new MongoCommandError(
          13113,
          '$merge could not find a matching document in the target collection for at least one document in the source collection',
          {},
          'MergeStageNoMatchingDocument',
        );
      }
      const into = ctx.state.catalogue.getOrCreate(spec.db, spec.coll);
      const stored = withIdFirst(doc);
      validateForWrite(into, stored, { bypass });
      into.insert(stored);
      continue;
    }
    const [rid, existing] = match;
    if (spec.whenMatched === 'keepExisting') continue;
    // Inserting makes the unique index report the duplicate exactly as mongod's $merge does.
    if (spec.whenMatched === 'fail') {
      coll!.insert(doc);
      continue;
    }
    let next: Doc;
    if (Array.isArray(spec.whenMatched)) {
      const letSpec = spec.let ?? { new: '$$ROOT' };
      const vars: Doc = { ...variables };
      for (const [name, expr] of Object.entries(letSpec))
        vars[name] = evalExpr(doc, expr, mingoOptions(variables) as Options);
      next = applyUpdate(existing, spec.whenMatched, { variables: vars }).doc;
    } else {
      if (doc._id !== undefined && encodeValue(doc._id) !== encodeValue(existing._id))
        throw new MongoCommandError(66, IMMUTABLE);
      const { _id, ...fields } = doc;
      void _id;
      next =
        spec.whenMatched === 'merge'
          ? { ...existing, ...cloneDoc(fields) }
          : { _id: existing._id, ...cloneDoc(fields) };
    }
    validateForWrite(coll, next, { previous: existing, bypass });
    coll!.replace(rid, next);
  }
}

function first(coll: Collection, filter: Doc): [number, Doc] | undefined {
  const exec = execute(coll, { filter, limit: 1 });
  const r = exec.docs.next();
  if (r.done) return undefined;
  const doc = r.value;
  return [coll.ridForId(doc._id)!, doc];
}
