// Applies an update (operator document, replacement, or pipeline) to a copy of a document with
// mingo's updater, and builds the seed document for upserts.
import { update as mingoUpdate } from 'mingo/updater';
import { Aggregator } from 'mingo/aggregator';
import * as updateOperators from 'mingo/operators/update';
import { Timestamp } from 'bson';
import {
  cloneDoc,
  getPath,
  isOperatorObject,
  isPlainObject,
  setPath,
  withIdFirst,
  type Doc,
} from '../common/documents.js';
import { MongoCommandError, badValue, failedToParse, notImplemented, toCommandError } from '../common/errors.js';
import { encodeValue } from '../indexes/key-encoding.js';
import { formatValue } from '../common/format.js';
import { mingoOptions, updateOptions } from '../operators/mingo-context.js';
import { comparingOperatorIn, holdsString, type Collation } from '../query/collation.js';

const MODIFIERS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$push',
  '$pull',
  '$addToSet',
  '$setOnInsert',
  '$min',
  '$max',
  '$currentDate',
  '$rename',
  '$mul',
  '$pop',
  '$pullAll',
  '$bit',
]);

export type UpdateSpec = Doc | Doc[];

export interface UpdateOutcome {
  doc: Doc;
  modified: boolean;
}

export function validateUpdate(u: unknown): UpdateSpec {
  if (Array.isArray(u)) {
    for (const stage of u) {
      if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
        throw failedToParse('Each element of the update pipeline must be an object with one field');
      }
    }
    return u as Doc[];
  }
  if (!isPlainObject(u)) throw failedToParse('Update argument must be either an object or an array');
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length && ops.length !== keys.length) {
    const field = keys.find((k) => !k.startsWith('$'));
    throw new MongoCommandError(
      9,
      `Unknown modifier: ${field}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  for (const op of ops) {
    if (!MODIFIERS.has(op)) {
      throw failedToParse(
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(u[op])) {
      throw failedToParse(
        `Modifiers operate on fields but we found type ${Array.isArray(u[op]) ? 'array' : typeof u[op]} instead. For example: {$mod: {<field>: ...}} not {${op}: ${formatValue(u[op])}}`,
      );
    }
  }
  return u;
}

export function isModifierUpdate(u: UpdateSpec): boolean {
  return !Array.isArray(u) && Object.keys(u).length > 0 && Object.keys(u)[0].startsWith('$');
}

function sameDoc(a: Doc, b: Doc): boolean {
  return encodeValue(a) === encodeValue(b);
}

function usesPositional(modifier: Doc): boolean {
  for (const fields of Object.values(modifier)) {
    for (const path of Object.keys(fields as Doc)) if (/(^|\.)\$(\.|$)/.test(path)) return true;
  }
  return false;
}

function idChanged(oldId: unknown, doc: Doc): MongoCommandError | undefined {
  if (encodeValue(doc._id) === encodeValue(oldId)) return undefined;
  return new MongoCommandError(
    66,
    `Plan executor error during update :: caused by :: After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(doc._id)}`,
  );
}

const NUMERIC_OPS = new Set(['$inc', '$mul']);
const ARRAY_OPS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);

function bsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'object') return (v as { _bsontype?: string })._bsontype?.toLowerCase() ?? 'object';
  return typeof v;
}

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  return t === 'Long' || t === 'Decimal128' || t === 'Int32' || t === 'Double';
}

/** mingo skips operands of the wrong type silently; mongod refuses them, and so do we. */
function checkOperandTypes(doc: Doc, modifier: Doc): void {
  for (const [op, fields] of Object.entries(modifier)) {
    if (!NUMERIC_OPS.has(op) && !ARRAY_OPS.has(op)) continue;
    for (const [path, arg] of Object.entries(fields as Doc)) {
      if (path.includes('$')) continue;
      const current = getPath(doc, path);
      if (current === undefined) continue;
      if (NUMERIC_OPS.has(op)) {
        if (!isNumeric(arg)) {
          throw new MongoCommandError(
            14,
            `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${formatValue(arg)}}`,
          );
        }
        if (!isNumeric(current)) {
          throw new MongoCommandError(
            14,
            `Cannot apply ${op} to a value of non-numeric type. {_id: ${formatValue(doc._id)}} has the field '${path.split('.').pop()}' of non-numeric type ${bsonTypeName(current)}`,
          );
        }
      } else if (!Array.isArray(current)) {
        const message =
          op === '$pull' || op === '$pullAll'
            ? `Cannot apply ${op} to a non-array value`
            : `The field '${path}' must be an array but is of type ${bsonTypeName(current)} in document {_id: ${formatValue(doc._id)}}`;
        throw new MongoCommandError(2, message);
      }
    }
  }
}

/** (operator, path, argument) triples in application order; rejects overlapping paths as mongod does. */
function orderedPaths(modifier: Doc): Array<[string, string, unknown]> {
  const out: Array<[string, string, unknown]> = [];
  const touched: string[] = [];
  for (const [op, fields] of Object.entries(modifier)) {
    for (const [path, value] of Object.entries(fields as Doc)) {
      out.push([op, path, value]);
      touched.push(path);
      if (op === '$rename' && typeof value === 'string') touched.push(value);
    }
  }
  touched.sort();
  for (let i = 1; i < touched.length; i++) {
    const [a, b] = [touched[i - 1], touched[i]];
    if (b === a || b.startsWith(a + '.')) {
      throw new MongoCommandError(40, `Updating the path '${b}' would create a conflict at '${a}'`);
    }
  }
  return out.sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
}

let lastTimestamp = { t: 0, i: 0 };

/** A timestamp that increases within the second, as mongod's cluster time does. */
function currentTimestamp(now: Date): Timestamp {
  const t = Math.floor(now.getTime() / 1000);
  lastTimestamp = t > lastTimestamp.t ? { t, i: 1 } : { t: lastTimestamp.t, i: lastTimestamp.i + 1 };
  return new Timestamp(lastTimestamp);
}

/**
 * The modifier with $setOnInsert (kept only while inserting) and $currentDate folded into $set:
 * mingo's own $currentDate writes epoch milliseconds for `{$type: 'timestamp'}`.
 */
function foldIntoSet(spec: Doc, doc: Doc, insertMode: boolean): Doc {
  const modifier: Doc = { ...spec };
  const set: Doc = { ...(modifier.$set as Doc | undefined) };
  if (insertMode) Object.assign(set, modifier.$setOnInsert as Doc | undefined);
  delete modifier.$setOnInsert;
  if (modifier.$currentDate) {
    const now = new Date();
    for (const [path, how] of Object.entries(modifier.$currentDate as Doc)) {
      if (typeof how === 'boolean' || (isPlainObject(how) && how.$type === 'date')) set[path] = now;
      else if (isPlainObject(how) && how.$type === 'timestamp') set[path] = currentTimestamp(now);
      else
        throw badValue(
          `The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}`,
        );
    }
    delete modifier.$currentDate;
  }
  // Setting _id to the value it already has is allowed by MongoDB.
  if ('_id' in set && doc._id !== undefined && encodeValue(set._id) === encodeValue(doc._id)) delete set._id;
  modifier.$set = set;
  for (const op of Object.keys(modifier)) if (Object.keys(modifier[op] as Doc).length === 0) delete modifier[op];
  return modifier;
}

const UPDATE_PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

/**
 * A pipeline update is the pipeline run over the one document, with the same stage implementations
 * as aggregate (so `$setField` / `$replaceWith` may produce `$`-prefixed or dotted top-level fields).
 */
function runUpdatePipeline(doc: Doc, stages: Doc[], variables?: Doc): Doc {
  for (const stage of stages) {
    const [name] = Object.keys(stage);
    if (!UPDATE_PIPELINE_STAGES.has(name))
      throw new MongoCommandError(72, `${name} is not allowed to be used within an update`);
  }
  const [out] = new Aggregator(stages, mingoOptions(variables)).run([doc]) as Doc[];
  if (!isPlainObject(out)) throw new MongoCommandError(1, 'internal error: the update pipeline produced no document');
  return out;
}

/** Applies `spec` to a copy of `doc`. `insertMode` is true while building an upserted document. */
const COLLATION_SENSITIVE_MODIFIERS = new Set(['$pull', '$pullAll', '$addToSet', '$min', '$max']);

/** Parts of an update that would compare strings without the collation: refused, not answered wrongly. */
export function refuseUncollatedUpdate(spec: UpdateSpec, arrayFilters: Doc[] | undefined): void {
  if (Array.isArray(spec)) {
    const op = comparingOperatorIn(spec);
    if (op) throw notImplemented(`Expression operator ${op} in a pipeline update with a non-simple collation`);
  } else {
    for (const op of Object.keys(spec)) {
      if (COLLATION_SENSITIVE_MODIFIERS.has(op) && holdsString(spec[op])) {
        throw notImplemented(`Update operator ${op} on strings with a non-simple collation`);
      }
    }
  }
  if (arrayFilters && holdsString(arrayFilters))
    throw notImplemented('arrayFilters on strings with a non-simple collation');
}

export function applyUpdate(
  doc: Doc,
  spec: UpdateSpec,
  opts: { filter?: Doc; arrayFilters?: Doc[]; variables?: Doc; insertMode?: boolean; collation?: Collation },
): UpdateOutcome {
  try {
    if (opts.collation) refuseUncollatedUpdate(spec, opts.arrayFilters);
    if (Array.isArray(spec)) {
      let next = runUpdatePipeline(cloneDoc(doc), spec as Doc[], opts.variables);
      if (next._id === undefined && doc._id !== undefined) next = { _id: doc._id, ...next };
      if (doc._id !== undefined) {
        const err = idChanged(doc._id, next);
        if (err) throw err;
      }
      next = withIdFirst(next);
      return { doc: next, modified: !sameDoc(doc, next) };
    }
    if (!isModifierUpdate(spec)) {
      spec = spec as Doc;
      for (const k of Object.keys(spec)) {
        if (k.startsWith('$'))
          throw new MongoCommandError(
            52,
            `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document.`,
          );
      }
      const next: Doc = doc._id !== undefined ? { _id: doc._id } : {};
      for (const [k, v] of Object.entries(spec)) if (k !== '_id' || doc._id === undefined) next[k] = cloneDoc(v);
      if (spec._id !== undefined && doc._id !== undefined) {
        const err = idChanged(doc._id, { _id: spec._id });
        if (err) throw err;
      }
      return { doc: withIdFirst(next), modified: !sameDoc(doc, next) };
    }
    // Conflicts are refused on the update as written, whether or not this run is an insert.
    orderedPaths(spec as Doc);
    const modifier = foldIntoSet(spec as Doc, doc, opts.insertMode === true);
    const set = modifier.$set as Doc | undefined;
    if (set && '_id' in set && doc._id === undefined) {
      // An upsert whose filter names no _id takes it from $set / $setOnInsert, as mongod does;
      // mingo would refuse any update of the path.
      doc = { _id: cloneDoc(set._id), ...doc };
      delete set._id;
      if (Object.keys(set).length === 0) delete modifier.$set;
    }
    checkOperandTypes(doc, modifier);
    if (Object.keys(modifier).length === 0) return { doc, modified: false };
    const next = cloneDoc(doc);
    const condition = usesPositional(modifier) ? opts.filter : undefined;
    let changed = 0;
    const paths = orderedPaths(modifier);
    // Without a positional `$` the operators need no query context: call mingo's operator functions
    // directly, which skips the updater's per-call setup (most of an update's cost otherwise).
    const operators = updateOperators as unknown as Record<
      string,
      (expr: Doc, arrayFilters?: Doc[]) => (obj: Doc) => string[]
    >;
    const run = (m: Doc) => {
      if (condition) {
        return mingoUpdate(next, m as never, opts.arrayFilters, condition as never, {
          cloneMode: 'copy',
          queryOptions: updateOptions(opts.variables, opts.collation),
        }).length;
      }
      let n = 0;
      for (const [op, expr] of Object.entries(m)) n += operators[op](expr as Doc, opts.arrayFilters ?? [])(next).length;
      return n;
    };
    // MongoDB (5.0+) applies update paths in lexicographic order, which decides where new fields
    // go; when every path already exists, order can't show and one pass does it.
    if (
      paths.length === 1 ||
      paths.every(([op, path]) => op !== '$rename' && !path.includes('$') && getPath(doc, path) !== undefined)
    ) {
      changed = run(modifier);
    } else {
      for (const [op, path, value] of paths) changed += run({ [op]: { [path]: value } });
    }
    if (changed === 0) return { doc, modified: false };
    return { doc: withIdFirst(next), modified: true };
  } catch (err) {
    throw toCommandError(err);
  }
}

/** Equality fields of a filter, as the seed of an upserted document. */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  const visit = (f: Doc) => {
    for (const [k, v] of Object.entries(f)) {
      // mongod simplifies a one-branch $or and a one-value $in to equalities before seeding.
      if ((k === '$and' || (k === '$or' && Array.isArray(v) && v.length === 1)) && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (isOperatorObject(v)) {
        if ('$eq' in v) setPath(seed, k, cloneDoc(v.$eq));
        else if (Array.isArray(v.$in) && v.$in.length === 1 && !(v.$in[0] instanceof RegExp))
          setPath(seed, k, cloneDoc(v.$in[0]));
        continue;
      }
      if (getPath(seed, k) === undefined) setPath(seed, k, cloneDoc(v));
    }
  };
  visit(filter);
  return seed;
}

/** The document an upsert inserts. */
export function buildUpsert(
  filter: Doc,
  spec: UpdateSpec,
  opts: { arrayFilters?: Doc[]; variables?: Doc; collation?: Collation },
): Doc {
  const seed = upsertSeed(filter);
  if (!Array.isArray(spec) && !isModifierUpdate(spec)) {
    const doc: Doc = {};
    if (seed._id !== undefined) doc._id = seed._id;
    Object.assign(doc, cloneDoc(spec));
    return withIdFirst(doc);
  }
  const { doc } = applyUpdate(seed, spec, { ...opts, filter, insertMode: true });
  return withIdFirst(doc);
}
