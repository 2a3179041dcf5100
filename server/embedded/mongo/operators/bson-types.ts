// MongoDB's BSON type names and codes for the values this server holds (plain JS values and the
// bson package's classes), and the `$type` query and expression operators built on them: mingo's
// own versions know neither ObjectId, Decimal128, Binary nor Timestamp, nor MongoDB's aliases.
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { MongoCommandError, badValue } from '../common/errors.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

const CODE_OF_ALIAS: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};
const ALIAS_OF_CODE = new Map(Object.entries(CODE_OF_ALIAS).map(([alias, code]) => [code, alias]));
const NUMBER_ALIASES = new Set(['double', 'int', 'long', 'decimal']);

const ALIAS_OF_CLASS: Record<string, string> = {
  ObjectId: 'objectId',
  ObjectID: 'objectId',
  Decimal128: 'decimal',
  Long: 'long',
  Int32: 'int',
  Double: 'double',
  Timestamp: 'timestamp',
  Binary: 'binData',
  BSONRegExp: 'regex',
  Code: 'javascript',
  BSONSymbol: 'symbol',
  Symbol: 'symbol',
  MinKey: 'minKey',
  MaxKey: 'maxKey',
  DBRef: 'object',
  DBPointer: 'dbPointer',
};

/**
 * MongoDB's type alias of a value as it will be stored and returned: a JS number is an int32 when
 * it is a whole number in int32 range (that is how it is serialised) and a double otherwise.
 * `undefined` is 'missing', as the `$type` expression names it.
 */
export function bsonTypeAlias(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX && !Object.is(v, -0) ? 'int' : 'double';
    case 'bigint':
      return 'long';
    case 'function':
      return 'javascript';
    case 'symbol':
      return 'symbol';
  }
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  if (v instanceof Uint8Array) return 'binData';
  const cls = (v as { _bsontype?: string })._bsontype;
  if (cls) return ALIAS_OF_CLASS[cls] ?? 'object';
  return 'object';
}

/** The set of aliases a `$type` operand names; refuses unknown names and codes as mongod does. */
function wantedAliases(operand: unknown): Set<string> {
  const out = new Set<string>();
  const list = Array.isArray(operand) ? operand : [operand];
  if (Array.isArray(operand) && operand.length === 0) {
    throw new MongoCommandError(9, '$type must match at least one type', {}, 'FailedToParse');
  }
  for (const t of list) {
    if (typeof t === 'string') {
      if (t === 'number') NUMBER_ALIASES.forEach((a) => out.add(a));
      else if (t in CODE_OF_ALIAS) out.add(t);
      else throw badValue(`Unknown type name alias: ${t}`);
      continue;
    }
    const code = typeof t === 'number' ? t : Number((t as { valueOf?(): unknown } | null)?.valueOf?.());
    const alias = Number.isInteger(code) ? ALIAS_OF_CODE.get(code) : undefined;
    if (alias === undefined) {
      if (typeof t === 'number' || Number.isFinite(code)) throw badValue(`Invalid numerical type code: ${t}`);
      throw new MongoCommandError(14, 'type must be represented as a number or a string', {}, 'TypeMismatch');
    }
    out.add(alias);
  }
  return out;
}

function isDocument(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && bsonTypeAlias(v) === 'object';
}

/**
 * The values a query path reaches, as MongoDB's matcher sees them: arrays on the way are walked
 * element by element (documents only), and an array at the end counts both as itself and as
 * each of its elements.
 */
function matchValues(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    out.push(value);
    if (Array.isArray(value)) out.push(...value);
    return;
  }
  if (Array.isArray(value)) {
    const part = parts[i];
    if (/^\d+$/.test(part)) matchValues(value[Number(part)], parts, i + 1, out);
    for (const e of value) if (isDocument(e)) matchValues(e[part], parts, i + 1, out);
    return;
  }
  if (isDocument(value)) matchValues(value[parts[i]], parts, i + 1, out);
}

type Predicate = (doc: Record<string, unknown>) => boolean;

/** `{field: {$type: ...}}`. */
export function $typeQuery(selector: string, operand: unknown, _options: Options): Predicate {
  const wanted = wantedAliases(operand);
  const parts = selector.split('.');
  return (doc) => {
    const values: unknown[] = [];
    matchValues(doc, parts, 0, values);
    return values.some((v) => v !== undefined && wanted.has(bsonTypeAlias(v)));
  };
}

/** `{$type: <expression>}` in aggregation. */
export function $typeExpression(obj: Record<string, unknown>, expr: unknown, options: Options): string {
  // `{$type: [x]}` is the one-argument list form of `{$type: x}`.
  const arg = Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
  if (Array.isArray(expr) && expr.length !== 1) {
    throw new MongoCommandError(
      16020,
      `Expression $type takes exactly 1 arguments. ${expr.length} were passed in.`,
      {},
      'Location16020',
    );
  }
  return bsonTypeAlias(evalExpr(obj, arg, options));
}

/** `{$isNumber: <expression>}`: true for int, long, double and decimal (mingo misses the BSON classes). */
export function $isNumberExpression(obj: Record<string, unknown>, expr: unknown, options: Options): boolean {
  const arg = Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
  return NUMBER_ALIASES.has(bsonTypeAlias(evalExpr(obj, arg, options)));
}
