// The mingo operator context every query, projection, update and pipeline runs with: all of
// mingo's operators, with the comparison operators widened so that numbers compare across
// double / long / Decimal128 as they do in MongoDB (mingo only compares values of one JS type).
import { Context } from 'mingo';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { resolve } from 'mingo/util';
import { Lazy, type Iterator as LazyIterator } from 'mingo/lazy';
import { isPlainObject, reorderLike, type Doc } from '../common/documents.js';
import { MongoCommandError, notImplemented } from '../common/errors.js';
import { encodeValue } from '../indexes/key-encoding.js';
import { sortDocs } from '../query/sort-order.js';
import { Collation, holdsString } from '../query/collation.js';
import { jsonSchemaValidator } from '../write/json-schema.js';
import { EXPRESSION_EXTRAS } from './expression-extras.js';
import { DATE_ZONE_OPERATORS } from './date-zones.js';
import { $isNumberExpression, $typeExpression, $typeQuery } from './bson-types.js';

type Predicate = (doc: Record<string, unknown>) => boolean;
type QueryOp = (selector: string, value: unknown, options: Options) => Predicate;

function bsonType(v: unknown): string | undefined {
  return typeof v === 'object' && v !== null ? (v as { _bsontype?: string })._bsontype : undefined;
}

/** Numeric value of a Long / Decimal128 / Int32 / Double wrapper, or undefined. */
function wrappedNumber(v: unknown): number | undefined {
  switch (bsonType(v)) {
    case 'Long':
    case 'Int32':
    case 'Double':
      return Number((v as { valueOf(): unknown }).valueOf());
    case 'Decimal128':
      return Number(String(v));
  }
  return undefined;
}

function asNumber(v: unknown): number | undefined {
  return typeof v === 'number' ? v : wrappedNumber(v);
}

/** Values a path resolves to, with arrays at the end of the path unwound one level. */
function candidates(doc: Record<string, unknown>, selector: string): unknown[] {
  const v = resolve(doc, selector, { unwrapArray: true });
  return Array.isArray(v) ? [v, ...v] : [v];
}

/**
 * mingo's operator, plus a numeric comparison whenever either side is a BSON number wrapper
 * (which mingo would see as a different type and never match).
 */
function widen(base: QueryOp, test: (a: number, b: number) => boolean): QueryOp {
  return (selector, value, options) => {
    const original = base(selector, value, options);
    const q = asNumber(value);
    if (q === undefined) return original;
    const wrapped = wrappedNumber(value) !== undefined;
    return (doc) => {
      if (original(doc)) return true;
      for (const v of candidates(doc, selector)) {
        // Plain number against plain number was already decided by mingo.
        if (!wrapped && wrappedNumber(v) === undefined) continue;
        const n = asNumber(v);
        if (n !== undefined && test(n, q)) return true;
      }
      return false;
    };
  };
}

const $eq = widen(queryOperators.$eq as QueryOp, (a, b) => a === b);

const $in: QueryOp = (selector, value, options) => {
  const original = (queryOperators.$in as QueryOp)(selector, value, options);
  const numbers = Array.isArray(value) ? value.filter((v) => asNumber(v) !== undefined) : [];
  if (numbers.length === 0) return original;
  const tests = numbers.map((n) => $eq(selector, n, options));
  return (doc) => original(doc) || tests.some((t) => t(doc));
};

function collationOf(options: Options): Collation | undefined {
  const c = (options as { collation?: unknown }).collation;
  return c instanceof Collation ? c : undefined;
}

/** Under a collation, a comparison with a string operand compares by the collation; others as before. */
function collated(base: QueryOp, test: (order: number) => boolean): QueryOp {
  return (selector, value, options) => {
    const collation = collationOf(options);
    if (!collation || !holdsString(value)) return base(selector, value, options);
    return (doc) =>
      candidates(doc, selector).some((v) => collation.sameBracket(v, value) && test(collation.compare(v, value)));
  };
}

const collatedEq = collated($eq, (c) => c === 0);

const collatedIn: QueryOp = (selector, value, options) => {
  const collation = collationOf(options);
  if (!collation || !Array.isArray(value) || !value.some(holdsString)) return $in(selector, value, options);
  const others = value.filter((v) => !holdsString(v));
  const tests = value.filter(holdsString).map((v) => collatedEq(selector, v, options));
  if (others.length) tests.push($in(selector, others, options));
  return (doc) => tests.some((t) => t(doc));
};

const overrides: Record<string, QueryOp> = {
  $eq: collatedEq,
  $in: collatedIn,
  $ne: (selector, value, options) => {
    const eq = collatedEq(selector, value, options);
    return (doc) => !eq(doc);
  },
  $nin: (selector, value, options) => {
    const inn = collatedIn(selector, value, options);
    return (doc) => !inn(doc);
  },
  $gt: collated(
    widen(queryOperators.$gt as QueryOp, (a, b) => a > b),
    (c) => c > 0,
  ),
  $gte: collated(
    widen(queryOperators.$gte as QueryOp, (a, b) => a >= b),
    (c) => c >= 0,
  ),
  $lt: collated(
    widen(queryOperators.$lt as QueryOp, (a, b) => a < b),
    (c) => c < 0,
  ),
  $lte: collated(
    widen(queryOperators.$lte as QueryOp, (a, b) => a <= b),
    (c) => c <= 0,
  ),
  $type: $typeQuery,
  // {a: {$all: [v, w]}} is {a: v} and {a: w}: a scalar field equal to the one value matches (mingo wants an array).
  $all: (selector, value, options) => {
    const plain =
      Array.isArray(value) && value.length > 0 && value.every((v) => !(v instanceof RegExp) && !isPlainObject(v));
    if (!plain) return (queryOperators.$all as QueryOp)(selector, value, options);
    const tests = (value as unknown[]).map((v) => collatedEq(selector, v, options));
    return (doc) => tests.every((t) => t(doc));
  },
};

type PipelineOp = (coll: LazyIterator, expr: unknown, options: Options) => LazyIterator;

/** $project keeps the input document's field order and appends computed fields in spec order, as MongoDB does. */
const $project: PipelineOp = (coll, expr, options) => {
  let last: Doc = {};
  const input = coll.map((o: Doc) => (last = o));
  const spec = isPlainObject(expr) ? expr : undefined;
  return (pipelineOperators.$project as PipelineOp)(input, expr, options).map((out: Doc) =>
    reorderLike(out, last, spec),
  );
};

/** mingo orders mixed types (Decimal128, ObjectId, arrays...) its own way; $sort uses MongoDB's order. */
const $sort: PipelineOp = (coll, expr, options) => {
  if (!isPlainObject(expr))
    throw new MongoCommandError(15973, 'the $sort key specification must be an object', {}, 'Location15973');
  const collation = collationOf(options);
  return coll.transform((docs: Doc[]) => Lazy(sortDocs(docs, expr, collation)));
};

/**
 * $bucket as mongod runs it: a $group by a $switch over the boundaries ([lower, upper) each), then a $sort by
 * _id (mingo's own put a value equal to a boundary in the bucket below it).
 */
const $bucket: PipelineOp = (coll, expr, options) => {
  const spec = isPlainObject(expr) ? expr : undefined;
  const bounds = spec?.boundaries;
  if (!spec || !Array.isArray(bounds) || bounds.length < 2)
    return (pipelineOperators.$bucket as PipelineOp)(coll, expr, options);
  const branches = bounds.slice(0, -1).map((lower: unknown, i: number) => ({
    case: {
      $and: [{ $gte: [spec.groupBy, { $literal: lower }] }, { $lt: [spec.groupBy, { $literal: bounds[i + 1] }] }],
    },
    then: { $literal: lower },
  }));
  const id = { $switch: { branches, ...(spec.default !== undefined ? { default: { $literal: spec.default } } : {}) } };
  const output = isPlainObject(spec.output) ? spec.output : { count: { $sum: 1 } };
  return $sort((pipelineOperators.$group as PipelineOp)(coll, { _id: id, ...output }, options), { _id: 1 }, options);
};

/** $bucketAuto's documents with _id first, as mongod gives them. */
const $bucketAuto: PipelineOp = (coll, expr, options) =>
  (pipelineOperators.$bucketAuto as PipelineOp)(coll, expr, options).map(({ _id, ...rest }: Doc) => ({ _id, ...rest }));

/**
 * mingo computes every $setWindowFields output through its own $function, which needs scripts enabled: the
 * stage runs with them on, so a $function or $accumulator of the client's own is refused here first.
 */
const $setWindowFields: PipelineOp = (coll, expr, options) => {
  if (/"\$(function|accumulator)"/.test(JSON.stringify(expr) ?? ''))
    throw notImplemented('Expression operator $function');
  const raw = (options as { options?: Options }).options ?? options;
  return (pipelineOperators.$setWindowFields as PipelineOp)(coll, expr, { ...raw, scriptEnabled: true } as Options);
};

type AccumulatorOp = (coll: Doc[], expr: unknown, options: Options) => unknown;

/** $min / $max over a group in MongoDB's order of BSON values, ignoring null and missing. */
function extreme(largest: boolean): AccumulatorOp {
  return (coll, expr, options) => {
    let best: unknown = null;
    let bestKey: string | undefined;
    for (const v of (accumulatorOperators.$push as AccumulatorOp)(coll, expr, options) as unknown[]) {
      if (v === null || v === undefined) continue;
      const key = encodeValue(v);
      if (bestKey === undefined || (largest ? key > bestKey : key < bestKey)) {
        best = v;
        bestKey = key;
      }
    }
    return best;
  };
}

type ProjectionOp = (obj: Doc, expr: unknown, field: string, options: Options) => unknown;

/**
 * Projection $elemMatch keeps the first matching element. mingo's version only takes document
 * conditions; mongod also takes value conditions ({$gt: 2}) for arrays of scalars, which the
 * query operator of the same name already understands.
 */
const $elemMatch: ProjectionOp = (obj, expr, field, options) => {
  const arr = resolve(obj, field);
  if (!Array.isArray(arr)) return undefined;
  const test = (queryOperators.$elemMatch as QueryOp)('v', expr, options);
  const first = arr.find((e) => test({ v: [e] }));
  return first === undefined ? undefined : [first];
};

/** $top / $bottom answer the one output value; mingo's answer the one-element list $topN / $bottomN give. */
function single(base: AccumulatorOp): AccumulatorOp {
  return (coll, expr, options) => {
    const out = base(coll, expr, options);
    return Array.isArray(out) ? out[0] : out;
  };
}

export const CONTEXT = Context.init({
  accumulator: {
    ...accumulatorOperators,
    $min: extreme(false),
    $max: extreme(true),
    $top: single(accumulatorOperators.$top as AccumulatorOp),
    $bottom: single(accumulatorOperators.$bottom as AccumulatorOp),
  },
  expression: {
    ...expressionOperators,
    ...EXPRESSION_EXTRAS,
    ...DATE_ZONE_OPERATORS,
    $type: $typeExpression,
    $isNumber: $isNumberExpression,
  },
  pipeline: { ...pipelineOperators, $project, $sort, $bucket, $bucketAuto, $setWindowFields },
  projection: { ...projectionOperators, $elemMatch },
  query: { ...queryOperators, ...overrides } as never,
  window: windowOperators,
} as never);

/**
 * For update operators only: mingo's updater copies the expression and query operator tables of
 * the context it is given on every call, so it gets a context holding just the query operators.
 */
export const UPDATE_CONTEXT = Context.init({ query: { ...queryOperators, ...overrides } } as never);

export function updateOptions(variables?: Record<string, unknown>, collation?: Collation): Partial<Options> {
  return {
    context: UPDATE_CONTEXT,
    scriptEnabled: false,
    jsonSchemaValidator: jsonSchemaValidator as never,
    ...(variables ? { variables } : {}),
    ...(collation ? { collation: collation as never } : {}),
  };
}

/** Options for mingo Query / Aggregator / updater calls; a collation rides along for our operators. */
export function mingoOptions(variables?: Record<string, unknown>, collation?: Collation): Partial<Options> {
  return {
    context: CONTEXT,
    scriptEnabled: false,
    jsonSchemaValidator: jsonSchemaValidator as never,
    ...(variables ? { variables } : {}),
    ...(collation ? { collation: collation as never } : {}),
  };
}

/**
 * `let` values are expressions (`{$literal: '$x'}` is the string '$x', `{$add: [1, 2]}` is 3), with
 * no document to read fields from: what `$$name` resolves to is the evaluated value.
 */
export function evaluateLet(spec: Doc): Doc {
  const out: Doc = {};
  for (const [name, expr] of Object.entries(spec)) {
    if (!/^[a-z\u0080-\uffff]/.test(name)) {
      throw new MongoCommandError(
        16870,
        `'${name}' starts with an invalid character for a user variable name`,
        {},
        'Location16870',
      );
    }
    if (!/^[A-Za-z0-9_\u0080-\uffff]*$/.test(name)) {
      throw new MongoCommandError(
        16871,
        `'${name}' contains an invalid character for a variable name: '${name.replace(/[A-Za-z0-9_\u0080-\uffff]/g, '')[0]}'`,
        {},
        'Location16871',
      );
    }
    const value = evalExpr({}, expr, mingoOptions() as Options);
    out[name] = value === undefined ? null : value;
  }
  return out;
}
