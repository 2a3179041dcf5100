// Expression operators of MongoDB 7.0 that mingo lacks or gets wrong for BSON value classes, in
// mingo's operator shape: $toString (ObjectId, Long, Decimal128), $toObjectId, $bsonSize,
// $binarySize, $indexOfCP and $toDecimal (mingo answers a JS number).
import { BSON, Decimal128, ObjectId } from 'bson';
import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError } from '../common/errors.js';

type ExpressionOp = (obj: Doc, expr: unknown, options: Options) => unknown;

function bsonType(v: unknown): string | undefined {
  return typeof v === 'object' && v !== null ? (v as { _bsontype?: string })._bsontype : undefined;
}

function typeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (isPlainObject(v)) return 'object';
  return bsonType(v)?.toLowerCase() ?? typeof v;
}

const conversionFailure = (message: string) => new MongoCommandError(241, message, {}, 'ConversionFailure');

const evaluate = (obj: Doc, expr: unknown, options: Options) => evalExpr(obj, expr, options) as unknown;

const $toString: ExpressionOp = (obj, expr, options) => {
  const v = evaluate(obj, expr, options);
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  switch (bsonType(v)) {
    case 'ObjectId':
      return (v as ObjectId).toHexString();
    case 'Long':
    case 'Decimal128':
      return String(v);
  }
  throw conversionFailure(`Unsupported conversion from ${typeName(v)} to string in $convert with no onError value`);
};

const $toObjectId: ExpressionOp = (obj, expr, options) => {
  const v = evaluate(obj, expr, options);
  if (v === null || v === undefined) return null;
  if (bsonType(v) === 'ObjectId') return v;
  if (typeof v !== 'string') {
    throw conversionFailure(`Unsupported conversion from ${typeName(v)} to objectId in $convert with no onError value`);
  }
  if (!/^[0-9a-fA-F]{24}$/.test(v)) {
    throw conversionFailure(
      `Failed to parse objectId '${v}' in $convert with no onError value: Invalid string length for parsing to OID, expected 24 but found ${v.length}`,
    );
  }
  return new ObjectId(v);
};

const $bsonSize: ExpressionOp = (obj, expr, options) => {
  const v = evaluate(obj, expr, options);
  if (v === null || v === undefined) return null;
  if (!isPlainObject(v))
    throw new MongoCommandError(
      31393,
      `$bsonSize requires a document input, found: ${typeName(v)}`,
      {},
      'Location31393',
    );
  return BSON.calculateObjectSize(v);
};

const $binarySize: ExpressionOp = (obj, expr, options) => {
  const v = evaluate(obj, expr, options);
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (bsonType(v) === 'Binary') return (v as { length(): number }).length();
  throw new MongoCommandError(
    51276,
    `$binarySize requires a string or BinData argument, found: ${typeName(v)}`,
    {},
    'Location51276',
  );
};

/** Index in code points (a surrogate pair counts once), as $indexOfCP defines it. */
const $indexOfCP: ExpressionOp = (obj, expr, options) => {
  if (!Array.isArray(expr) || expr.length < 2 || expr.length > 4) {
    throw new MongoCommandError(
      28667,
      'Expression $indexOfCP takes at least 2 arguments, and at most 4',
      {},
      'Location28667',
    );
  }
  const [str, search, start = 0, end] = evaluate(obj, expr, options) as unknown[];
  if (str === null || str === undefined) return null;
  if (typeof str !== 'string')
    throw new MongoCommandError(40093, '$indexOfCP requires a string as the first argument', {}, 'Location40093');
  if (typeof search !== 'string')
    throw new MongoCommandError(40094, '$indexOfCP requires a string as the second argument', {}, 'Location40094');
  const points = [...str];
  const needle = [...search];
  const stop = Math.min(typeof end === 'number' ? end : points.length, points.length);
  const from = typeof start === 'number' ? start : 0;
  for (let i = from; i + needle.length <= stop; i++) {
    if (needle.every((c, j) => points[i + j] === c)) return i;
  }
  return -1;
};

/** $toDecimal: a Decimal128, from a number, numeric string, boolean, date, long or decimal. */
const $toDecimal: ExpressionOp = (obj, expr, options) => {
  const v = evaluate(obj, expr, options);
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return Decimal128.fromString(v ? '1' : '0');
  if (v instanceof Date) return Decimal128.fromString(String(v.getTime()));
  if (typeof v === 'number' && Number.isFinite(v)) return Decimal128.fromString(String(v));
  const type = bsonType(v);
  if (type === 'Decimal128') return v;
  if (type === 'Long' || type === 'Int32' || type === 'Double') return Decimal128.fromString(String(v));
  if (typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v.trim()))
    return Decimal128.fromString(v.trim());
  if (typeof v === 'string')
    throw conversionFailure(
      `Failed to parse number '${v}' in $convert with no onError value: Failed to parse string to decimal`,
    );
  throw conversionFailure(`Unsupported conversion from ${typeName(v)} to decimal in $convert with no onError value`);
};

export const EXPRESSION_EXTRAS: Record<string, ExpressionOp> = {
  $toString,
  $toObjectId,
  $bsonSize,
  $binarySize,
  $indexOfCP,
  $toDecimal,
};
