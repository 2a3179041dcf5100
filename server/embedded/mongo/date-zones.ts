// Time zones for the date expression operators, as MongoDB takes them: an Olson name ('UTC', 'GMT',
// 'Etc/UTC', 'Europe/Paris', 'US/Eastern', 'EST', 'Etc/GMT+5'...) or a UTC offset ('+05:30', '-0800',
// '+03'). mingo only understands 'Area/City' names and offsets, so each operator's timezone is
// resolved here first and handed to mingo in a form it reads; $dateFromParts is computed here
// (mingo's defaults month and day to 0).
import { evalExpr } from 'mingo/core';
import * as expressionOperators from 'mingo/operators/expression';
import type { Options } from 'mingo/types';
import { isPlainObject, type Doc } from './documents.js';
import { MongoCommandError } from './errors.js';

type ExpressionOp = (obj: Doc, expr: unknown, options: Options) => unknown;

const OFFSET = /^([+-])(\d{2})(?::?(\d{2}))?$/;
/** Names mingo resolves itself, at the date it works on. */
const MINGO_NAME = /^[a-zA-Z_]+\/[a-zA-Z_]+$/;

const unrecognized = (tz: string) => new MongoCommandError(40485, `unrecognized time zone identifier: "${tz}"`, {}, 'Location40485');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter for an Olson name (case as written: every part starts upper-case), or null. */
function zoneFormatter(tz: string): Intl.DateTimeFormat | null {
  let f = formatters.get(tz);
  if (f !== undefined) return f;
  f = null;
  if (tz.split('/').every((part) => /^[A-Z]/.test(part))) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
      });
    } catch {
      f = null;
    }
  }
  if (formatters.size > 1000) formatters.clear();
  formatters.set(tz, f);
  return f;
}

/** Minutes east of UTC of the zone at an instant. */
function offsetAt(f: Intl.DateTimeFormat, at: Date): number {
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  const local = Date.UTC(0, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const asUtc = new Date(local);
  asUtc.setUTCFullYear(parts.year);
  return Math.round((asUtc.getTime() - whole) / 60000);
}

/** Minutes east of UTC of a MongoDB timezone argument at an instant; throws 40485 for an unknown one. */
function zoneOffset(tz: string, at: Date): number {
  const m = OFFSET.exec(tz);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
  const f = zoneFormatter(tz);
  if (!f) throw unrecognized(tz);
  return offsetAt(f, at);
}

/** The zone in a form mingo reads, right at `at`. */
function forMingo(tz: string, at: Date): string {
  if (OFFSET.test(tz)) return offsetText(zoneOffset(tz, at));
  const f = zoneFormatter(tz);
  if (!f) throw unrecognized(tz);
  const canonical = f.resolvedOptions().timeZone;
  return MINGO_NAME.test(canonical) ? canonical : offsetText(offsetAt(f, at));
}

function typeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (isPlainObject(v)) return 'object';
  return typeof v === 'number' ? (Number.isInteger(v) ? 'int' : 'double') : typeof v;
}

/** The operator's timezone argument evaluated: a string, null (the operator answers null) or absent. */
function timezoneArg(obj: Doc, expr: Doc, options: Options): string | null | undefined {
  if (!('timezone' in expr)) return undefined;
  const tz = evalExpr(obj, expr.timezone, options) as unknown;
  if (tz === null || tz === undefined) return null;
  if (typeof tz !== 'string') throw new MongoCommandError(40517, `timezone must evaluate to a string, found ${typeName(tz)}`, {}, 'Location40517');
  return tz;
}

/** An operator of the form {<dateKey>: <date>, timezone: <tz>, ...}, with the zone resolved at that date. */
function zoned(base: ExpressionOp, dateKey: string): ExpressionOp {
  return (obj, expr, options) => {
    if (!isPlainObject(expr) || !('timezone' in expr)) return base(obj, expr, options);
    const tz = timezoneArg(obj, expr, options);
    if (tz === null) return null;
    const date = evalExpr(obj, expr[dateKey], options) as unknown;
    const at = date instanceof Date ? date : new Date();
    return base(obj, { ...expr, timezone: forMingo(tz!, at) }, options);
  };
}

/** Local wall time `local` (as if UTC) in the zone, as an instant (the later one in a gap or overlap). */
function fromLocal(tz: string, local: number): Date {
  const first = zoneOffset(tz, new Date(local));
  const guess = local - first * 60000;
  const second = zoneOffset(tz, new Date(guess));
  return new Date(second === first ? guess : local - second * 60000);
}

const PART_RANGE = [-32768, 32767];

function part(args: Doc, name: string, fallback: number): number | null {
  const v = args[name];
  if (v === undefined) return fallback;
  if (v === null) return null;
  const n = typeof v === 'number' ? v : Number((v as { valueOf(): unknown }).valueOf());
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw new MongoCommandError(40515, `'${name}' must evaluate to an integer, found ${typeName(v)} with value ${String(v)}`, {}, 'Location40515');
  }
  const [min, max] = name === 'year' || name === 'isoWeekYear' ? [1, 9999] : PART_RANGE;
  if (n < min || n > max) {
    throw new MongoCommandError(31034, `'${name}' must evaluate to a value in the range [${min}, ${max}]; value ${n} is not in range`, {}, 'Location31034');
  }
  return n;
}

/** $dateFromParts, calendar or ISO week form, parts carrying over as in MongoDB (month 14 is February next year). */
const $dateFromParts: ExpressionOp = (obj, expr, options) => {
  const args = evalExpr(obj, expr, options) as Doc;
  if (!isPlainObject(expr)) throw new MongoCommandError(40519, '$dateFromParts only supports an object as its argument', {}, 'Location40519');
  const iso = 'isoWeekYear' in expr;
  if (iso && 'year' in expr) throw new MongoCommandError(40489, "$dateFromParts does not allow mixing natural dates with ISO dates", {}, 'Location40489');
  if (!iso && !('year' in expr)) throw new MongoCommandError(40516, "$dateFromParts requires either 'year' or 'isoWeekYear' to be present", {}, 'Location40516');
  const tz = timezoneArg(obj, expr, options);
  if (tz === null) return null;
  const names = iso ? ['isoWeekYear', 'isoWeek', 'isoDayOfWeek'] : ['year', 'month', 'day'];
  const [a, b, c] = names.map((n, i) => part(args, n, i === 0 ? 0 : 1));
  const [h, mi, s, ms] = ['hour', 'minute', 'second', 'millisecond'].map((n) => part(args, n, 0));
  if ([a, b, c, h, mi, s, ms].some((v) => v === null)) return null;
  const d = new Date(0);
  if (iso) {
    // ISO week 1 holds January 4th; weeks start on Monday.
    d.setUTCFullYear(a!, 0, 4);
    const monday = d.getUTCDate() - ((d.getUTCDay() + 6) % 7);
    d.setUTCFullYear(a!, 0, monday + (b! - 1) * 7 + (c! - 1));
  } else {
    d.setUTCFullYear(a!, b! - 1, c!);
  }
  d.setUTCHours(h!, mi!, s!, ms!);
  return tz === undefined ? d : fromLocal(tz, d.getTime());
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** An ISO-8601 date string without `format`, as mongod reads it (mingo reads only its default format). */
function parseIso(text: string, tz: string | undefined): Date | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  if (m[8]) {
    if (tz !== undefined) {
      throw new MongoCommandError(40554, `you cannot pass in a date/time string with time zone information ('${m[8]}') together with a timezone argument`, {}, 'Location40554');
    }
    return new Date(d.getTime() - zoneOffset(m[8] === 'Z' ? '+00' : m[8], d) * 60000);
  }
  return tz === undefined ? d : fromLocal(tz, d.getTime());
}

/**
 * $dateFromString: ISO-8601 strings without a format read here, other formats by mingo as UTC wall
 * time then placed in the zone; an unparsable string is an error unless onError says otherwise.
 */
const $dateFromString: ExpressionOp = (obj, expr, options) => {
  const base = expressionOperators.$dateFromString as ExpressionOp;
  if (!isPlainObject(expr)) return base(obj, expr, options);
  const tz = timezoneArg(obj, expr, options);
  if (tz === null) return null;
  const text = evalExpr(obj, expr.dateString, options) as unknown;
  if (text === null || text === undefined) return 'onNull' in expr ? evalExpr(obj, expr.onNull, options) : null;
  let out: unknown;
  if (typeof text === 'string' && expr.format === undefined) out = parseIso(text.trim(), tz);
  if (out === undefined) {
    // onError is applied below, once: mingo would hand it back as if it were the parsed date.
    const { onError: _onError, ...parse } = expr;
    const asUtc = base(obj, tz === undefined ? parse : { ...parse, timezone: '+00:00' }, options);
    out = asUtc instanceof Date && tz !== undefined ? fromLocal(tz, asUtc.getTime()) : asUtc;
  }
  if (out instanceof Date) return out;
  if ('onError' in expr) return evalExpr(obj, expr.onError, options);
  throw new MongoCommandError(241, `Error parsing date string '${String(text)}'`, {}, 'ConversionFailure');
};

const ON_DATE = ['$year', '$month', '$dayOfMonth', '$hour', '$minute', '$second', '$millisecond', '$dayOfYear', '$dayOfWeek',
  '$week', '$isoWeek', '$isoWeekYear', '$isoDayOfWeek', '$dateToString', '$dateToParts', '$dateTrunc'] as const;

const ops = expressionOperators as unknown as Record<string, ExpressionOp>;

export const DATE_ZONE_OPERATORS: Record<string, ExpressionOp> = {
  ...Object.fromEntries(ON_DATE.map((name) => [name, zoned(ops[name], 'date')])),
  $dateAdd: zoned(ops.$dateAdd, 'startDate'),
  $dateSubtract: zoned(ops.$dateSubtract, 'startDate'),
  $dateDiff: zoned(ops.$dateDiff, 'startDate'),
  $dateFromParts,
  $dateFromString,
};
