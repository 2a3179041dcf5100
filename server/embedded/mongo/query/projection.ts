// Find-style projections ({a: 1}, {'b.c': 0}, {'arr.$': 1}, $slice, $elemMatch, expressions) via mingo.
import { Query } from 'mingo/query';
import { cloneDoc, isPlainObject, keepsPlace, reorderLike, type Doc } from '../common/documents.js';
import { bsonTypeAlias } from '../operators/bson-types.js';
import { isKnownExpressionOperator, MongoCommandError, notImplemented, toCommandError } from '../common/errors.js';
import { formatValue } from '../common/format.js';
import { mingoOptions } from '../operators/mingo-context.js';
import { projectStored, simpleProjection, storedBson, type EncodedDoc } from '../wire/raw-bson.js';

function hasDottedExclusion(projection: Doc): boolean {
  return Object.entries(projection).some(([k, v]) => k.includes('.') && (v === 0 || v === false));
}

// Operators that neither include nor exclude: they trim a field the projection keeps anyway.
const NEUTRAL_OPERATORS = new Set(['$slice', '$meta']);

type Mode = 'inclusion' | 'exclusion';

/**
 * mingo refuses a mixed projection without naming the field (or quietly picks one mode); mongod
 * answers 31253/31254 naming it. In a find projection $slice and $meta keep the mode open.
 */
export function checkProjectionMode(projection: Doc, find: boolean, prefix = '', state: { mode?: Mode } = {}): void {
  for (const [key, value] of Object.entries(projection)) {
    const path = prefix + key;
    if (path === '_id') continue;
    let mode: Mode | undefined;
    if (typeof value === 'number' || typeof value === 'boolean') mode = value ? 'inclusion' : 'exclusion';
    else if (isPlainObject(value)) {
      const first = Object.keys(value)[0];
      if (first === undefined || !first.startsWith('$')) {
        checkProjectionMode(value, find, `${path}.`, state);
        continue;
      }
      if (!find || !NEUTRAL_OPERATORS.has(first)) mode = 'inclusion';
    } else mode = 'inclusion';
    if (!mode) continue;
    if (state.mode && state.mode !== mode) {
      throw state.mode === 'inclusion'
        ? new MongoCommandError(
            31254,
            `Cannot do exclusion on field ${key} in inclusion projection`,
            {},
            'Location31254',
          )
        : new MongoCommandError(
            31253,
            `Cannot do inclusion on field ${key} in exclusion projection`,
            {},
            'Location31253',
          );
    }
    state.mode = mode;
  }
}

/** A find-style `{$slice: n}` / `{$slice: [skip, limit]}` (limit > 0); any other `$slice` is the expression. */
function findSlice(specValue: unknown): { skip?: number; limit: number } | undefined {
  if (!isPlainObject(specValue)) return undefined;
  const keys = Object.keys(specValue);
  if (keys.length !== 1 || keys[0] !== '$slice') return undefined;
  const arg = specValue.$slice;
  if (typeof arg === 'number') return { limit: Math.trunc(arg) };
  if (
    Array.isArray(arg) &&
    arg.length === 2 &&
    typeof arg[0] === 'number' &&
    typeof arg[1] === 'number' &&
    Math.trunc(arg[1]) > 0
  ) {
    return { skip: Math.trunc(arg[0]), limit: Math.trunc(arg[1]) };
  }
  return undefined;
}

/** Why a `$slice` argument is not the find form, in mongod's words (it then tries the expression form). */
function findSliceRefusal(arg: unknown): MongoCommandError {
  const err = (code: number, msg: string) => new MongoCommandError(code, msg, {}, `Location${code}`);
  if (!Array.isArray(arg)) return err(31273, '$slice only supports numbers and [skip, limit] arrays');
  if (arg.length !== 2) return err(31272, '$slice array argument should be of form [skip, limit]');
  if (typeof arg[0] !== 'number')
    return err(31257, `$slice expects the skip argument to be a number, got ${bsonTypeAlias(arg[0])}`);
  if (typeof arg[1] !== 'number')
    return err(31258, `$slice expects the limit argument to be a number, got ${bsonTypeAlias(arg[1])}`);
  return err(31259, `$slice limit must be positive, got ${Math.trunc(arg[1])}`);
}

/** In a find projection a find-style $slice (and an inclusion) trims the field where it stands; other operators move it after the kept fields. */
function keepsPlaceInFind(specValue: unknown): boolean {
  return keepsPlace(specValue) || findSlice(specValue) !== undefined;
}

type PathNode = Map<string, PathNode | 'leaf'>;

interface FindProjectionShape {
  mode: Mode;
  hasElemMatch: boolean;
  hasFindSlice: boolean;
  /** The array path of a positional projection (`arr` for `arr.$`). */
  positionalPath?: string;
}

/** The first `.$` of a path (`a.$`, `a.$.b`), as mongod's parser looks for it. */
function positionalAt(key: string): number {
  const inner = key.indexOf('.$.');
  if (inner >= 0) return inner;
  if (key.endsWith('.$')) return key.length - 2;
  return key === '$' ? 0 : -1;
}

/**
 * Checks a find projection as mongod 7.0's projection parser does (same codes and messages: mixed modes, path
 * collisions, positional, $slice, $elemMatch, expressions) and says whether it is an inclusion or an exclusion.
 */
function parseFindProjection(spec: Doc): FindProjectionShape {
  const ctx = {
    mode: undefined as Mode | undefined,
    positionalPath: undefined as string | undefined,
    hasPositional: false,
    hasElemMatch: false,
    hasFindSlice: false,
    hasMeta: false,
    idIn: false,
    idOut: false,
  };
  const fail = (code: number, msg: string): never => {
    throw new MongoCommandError(code, msg, {}, `Location${code}`);
  };
  const addNode = (parent: PathNode, path: string): void => {
    const parts = path.split('.');
    let node = parent;
    parts.forEach((part, i) => {
      const child = node.get(part);
      if (i === parts.length - 1) {
        if (child) fail(31250, `Path collision at ${path}`);
        node.set(part, 'leaf');
        return;
      }
      if (child === 'leaf')
        return fail(31249, `Path collision at ${path} remaining portion ${parts.slice(1).join('.')}`);
      if (!child) {
        const created: PathNode = new Map();
        node.set(part, created);
        node = created;
      } else node = child;
    });
  };
  const expression = (key: string, op: string, parent: PathNode): void => {
    if (!isKnownExpressionOperator(op)) fail(31325, `Unknown expression ${op}`);
    const isMeta = op === '$meta';
    if (ctx.mode === 'exclusion' && !isMeta)
      fail(31252, 'Cannot use expression other than $meta in exclusion projection');
    if (!isMeta) ctx.mode = 'inclusion';
    addNode(parent, key);
    ctx.hasMeta ||= isMeta;
  };
  const subObject = (
    key: string,
    obj: Doc,
    parent: PathNode,
    parentPath: string | undefined,
    isRoot: boolean,
  ): void => {
    const keys = Object.keys(obj);
    const op = keys[0];
    if (keys.length === 1 && op !== undefined && op.startsWith('$')) {
      if (op === '$slice') {
        if (findSlice(obj)) {
          addNode(parent, key);
          ctx.hasFindSlice = true;
          return;
        }
        const arg = obj.$slice;
        const why = findSliceRefusal(arg);
        if (!Array.isArray(arg) || arg.length < 2 || arg.length > 3) {
          const n = Array.isArray(arg) ? arg.length : 1;
          fail(
            28667,
            `Invalid $slice syntax. The given syntax did not match the find() syntax because :: ${why.codeName}: ${why.message} :: The given syntax did not match the expression $slice syntax. :: caused by :: Expression $slice takes at least 2 arguments, and at most 3, but ${n} were passed in.`,
          );
        }
        const first = (arg as unknown[])[0];
        if (typeof first === 'number' || typeof first === 'boolean') {
          fail(28724, `First argument to $slice must be an array, but is of type: ${bsonTypeAlias(first)}`);
        }
        expression(key, op, parent);
        return;
      }
      if (op === '$elemMatch') {
        if (!isPlainObject(obj.$elemMatch))
          fail(31274, `elemMatch: Invalid argument, object required, but got ${bsonTypeAlias(obj.$elemMatch)}`);
        if (ctx.hasPositional) fail(31255, 'Cannot specify positional operator and $elemMatch.');
        if (key.includes('.') || !isRoot) fail(31275, 'Cannot use $elemMatch projection on a nested field.');
        addNode(parent, key);
        ctx.hasElemMatch = true;
        return;
      }
      expression(key, op, parent);
      return;
    }
    const existing = parent.get(key);
    const child: PathNode = existing && existing !== 'leaf' ? existing : new Map();
    parent.set(key, child);
    const path = parentPath ? `${parentPath}.${key}` : key;
    for (const [k, v] of Object.entries(obj)) element(k, v, child, path, false);
  };
  const element = (
    key: string,
    value: unknown,
    parent: PathNode,
    parentPath: string | undefined,
    isRoot: boolean,
  ): void => {
    const positional = positionalAt(key);
    const isTopId = key === '_id' && isRoot;
    if (isPlainObject(value)) {
      if (positional >= 0) fail(31271, 'positional projection cannot be used with an expression or sub object');
      subObject(key, value, parent, parentPath, isRoot);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      if (value) {
        if (positional < 0) {
          addNode(parent, key);
          if (isTopId) ctx.idIn = true;
        } else {
          if (ctx.hasPositional) fail(31276, 'Cannot specify more than one positional projection per query.');
          if (ctx.hasElemMatch) fail(31256, 'Cannot specify positional operator and $elemMatch.');
          if (key.endsWith('.$.')) fail(31270, "Path cannot end with '.$.'");
          const rest = key.slice(key.startsWith('.$.', positional) ? positional + 3 : positional + 2);
          if (positionalAt(rest) >= 0 || rest === '$') fail(31287, `Cannot use positional operator twice: ${key}`);
          addNode(parent, key.slice(0, positional));
          ctx.hasPositional = true;
          ctx.positionalPath = parentPath ? `${parentPath}.${key.slice(0, positional)}` : key.slice(0, positional);
        }
        if (!isTopId) {
          if (ctx.mode === 'exclusion') fail(31253, `Cannot do inclusion on field ${key} in exclusion projection`);
          ctx.mode = 'inclusion';
        }
      } else {
        addNode(parent, key);
        if (isTopId) ctx.idOut = true;
        else {
          if (ctx.mode === 'inclusion') fail(31254, `Cannot do exclusion on field ${key} in inclusion projection`);
          ctx.mode = 'exclusion';
        }
      }
    } else {
      if (positional >= 0) fail(31308, 'positional projection cannot be used with a literal');
      addNode(parent, key);
      if (ctx.mode === 'exclusion')
        fail(31310, `Cannot use an expression ${key}: ${formatValue(value)} in an exclusion projection`);
      ctx.mode = 'inclusion';
    }
  };
  const root: PathNode = new Map();
  for (const [k, v] of Object.entries(spec)) element(k, v, root, undefined, true);
  if (ctx.hasMeta) throw notImplemented('Projection $meta');
  // mongod's defaults for projections made only of _id and find operators.
  const mode: Mode =
    ctx.mode ??
    (ctx.hasFindSlice
      ? ctx.idIn
        ? 'inclusion'
        : 'exclusion'
      : ctx.hasElemMatch || ctx.idIn
        ? 'inclusion'
        : 'exclusion');
  return { mode, hasElemMatch: ctx.hasElemMatch, hasFindSlice: ctx.hasFindSlice, positionalPath: ctx.positionalPath };
}

type ExclusionNode = Map<string, ExclusionNode | 'remove' | { skip?: number; limit: number }>;

function exclusionTree(spec: Doc, isRoot: boolean, into: ExclusionNode = new Map()): ExclusionNode {
  for (const [key, value] of Object.entries(spec)) {
    if (isRoot && key === '_id' && value !== 0 && value !== false) continue;
    const parts = key.split('.');
    let node = into;
    for (const part of parts.slice(0, -1)) {
      let next = node.get(part);
      if (!(next instanceof Map)) node.set(part, (next = new Map()));
      node = next;
    }
    const last = parts[parts.length - 1]!;
    const slice = findSlice(value);
    if (slice) node.set(last, slice);
    else if (isPlainObject(value)) {
      const existing = node.get(last);
      node.set(last, exclusionTree(value, false, existing instanceof Map ? existing : new Map()));
    } else node.set(last, 'remove');
  }
  return into;
}

function sliceArray(value: unknown, { skip, limit }: { skip?: number; limit: number }): unknown {
  if (!Array.isArray(value)) return value;
  if (skip === undefined) return limit >= 0 ? value.slice(0, limit) : value.slice(Math.max(0, value.length + limit));
  const start = skip < 0 ? Math.max(0, value.length + skip) : Math.min(skip, value.length);
  return value.slice(start, start + limit);
}

/** An exclusion projection (with find-style $slice) applied to a copy: fields in place, arrays walked. */
function applyExclusion(value: unknown, tree: ExclusionNode): unknown {
  if (Array.isArray(value))
    return value.map((e) => (isPlainObject(e) || Array.isArray(e) ? applyExclusion(e, tree) : e));
  if (!isPlainObject(value)) return value;
  const out: Doc = {};
  for (const [k, v] of Object.entries(value)) {
    const node = tree.get(k);
    if (node === undefined) out[k] = v;
    else if (node === 'remove') continue;
    else if (node instanceof Map) out[k] = applyExclusion(v, node);
    else out[k] = sliceArray(v, node);
  }
  return out;
}

/** Wraps `docs` so each one comes out projected; returns `docs` itself for an empty projection. */
export function projectIterator(
  docs: Iterator<Doc>,
  projection: unknown,
  filter?: Doc,
  variables?: Doc,
): Iterator<Doc> {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
  const shape = parseFindProjection(projection);
  if (shape.mode === 'exclusion' && (shape.hasFindSlice || shape.hasElemMatch)) {
    if (shape.hasElemMatch) throw notImplemented('A find projection with $elemMatch in an exclusion projection');
    const tree = exclusionTree(projection, true);
    return {
      next(): IteratorResult<Doc> {
        const r = docs.next();
        return r.done ? r : { done: false, value: applyExclusion(r.value, tree) as Doc };
      },
    };
  }
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  // mingo removes excluded nested fields in place; stored documents must not be touched.
  const copy = hasDottedExclusion(projection);
  let last: Doc = {};
  const source = {
    next(): IteratorResult<Doc> {
      const r = docs.next();
      if (r.done) return r;
      last = r.value;
      return copy ? { done: false, value: cloneDoc(r.value) } : r;
    },
  };
  try {
    const query = new Query(positional && filter ? filter : {}, mingoOptions(variables));
    const out = query.find<Doc>(source as never, projection);
    return {
      next(): IteratorResult<Doc> {
        try {
          const value = out.next();
          if (value === undefined) return { done: true, value: undefined };
          if (shape.positionalPath !== undefined) checkPositionalFound(value, shape.positionalPath);
          return { done: false, value: reorderLike(value, last, projection, keepsPlaceInFind) };
        } catch (err) {
          throw projectionError(err);
        }
      },
    };
  } catch (err) {
    throw projectionError(err);
  }
}

/**
 * Stored documents as BSON, projected on their bytes: for no projection or a simple one (top-level fields,
 * 0/1/true/false). Undefined for any other projection, which goes through projectIterator.
 */
export function encodedIterator(stored: Iterator<Doc>, projection: unknown): Iterator<EncodedDoc> | undefined {
  const projects = isPlainObject(projection) && Object.keys(projection).length > 0;
  const simple = projects ? simpleProjection(projection) : undefined;
  if (projects && !simple) return undefined;
  return {
    next(): IteratorResult<EncodedDoc> {
      const r = stored.next();
      if (r.done) return { done: true, value: undefined };
      const bytes = storedBson(r.value);
      return { done: false, value: simple ? projectStored(bytes, simple) : bytes };
    },
  };
}

/** mongod refuses a document whose array the query matched through another branch (no element to show). */
function checkPositionalFound(doc: Doc, path: string): void {
  let v: unknown = doc;
  for (const part of path.split('.')) v = isPlainObject(v) ? v[part] : undefined;
  if (Array.isArray(v) && v.includes(undefined)) {
    throw new MongoCommandError(
      51246,
      "Executor error during find command :: caused by :: positional operator '.$' couldn't find a matching element in the array",
      {},
      'Location51246',
    );
  }
}

function projectionError(err: unknown): MongoCommandError {
  return toCommandError(err);
}

export function projectOne(doc: Doc | null, projection: unknown, filter?: Doc): Doc | null {
  if (!doc) return null;
  const one = [doc][Symbol.iterator]();
  const r = projectIterator(one, projection, filter).next();
  return r.done ? null : r.value;
}
