// Time zones for the date expression operators, as MongoDB takes them: an Olson name ('UTC', 'GMT',
// 'Etc/UTC', 'Europe/Paris', 'US/Eastern', 'EST', 'Etc/GMT+5'...) or a UTC offset ('+05:30', '-0800',
// '+03'). mingo only understands 'Area/City' names and offsets, so each operator's timezone is
// resolved here first and handed to mingo as the offset at the operator's date; $dateFromParts
// (mingo's defaults month and day to 0) and the calendar arithmetic of $dateAdd, $dateSubtract, $dateDiff
// and $dateTrunc (in the zone's local time, as mongod does) are computed here.
import { evalExpr } from 'mingo/core';
import * as expressionOperators from 'mingo/operators/expression';
import type { Options } from 'mingo/types';
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError } from '../common/errors.js';

type ExpressionOp = (obj: Doc, expr: unknown, options: Options) => unknown;

const OFFSET = /^([+-])(\d{2})(?::?(\d{2}))?$/;

const unrecognized = (tz: string) =>
  new MongoCommandError(40485, `unrecognized time zone identifier: "${tz}"`, {}, 'Location40485');

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
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
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
  // Year, month and day set together: a year-0 (1900) placeholder would turn February 29th into March 1st.
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  asUtc.setUTCHours(parts.hour, parts.minute, parts.second);
  return Math.round((asUtc.getTime() - whole) / 60000);
}

/** A zone's UTC offset (minutes east) at any instant. */
type Zone = (ms: number) => number;

const SLOT_MS = 15 * 60_000;
const UTC_ZONE: Zone = () => 0;
const zones = new Map<string, Zone>();

/**
 * A named zone's offsets, kept per quarter hour (every offset change since 1970 falls on one): asking Intl
 * costs microseconds, and the date operators ask once or twice per document.
 */
function namedZone(f: Intl.DateTimeFormat): Zone {
  const slots = new Map<number, number>();
  return (ms) => {
    const slot = Math.floor(ms / SLOT_MS);
    const known = slots.get(slot);
    if (known !== undefined) return known;
    const start = offsetAt(f, new Date(slot * SLOT_MS));
    // A change inside the slot (older history): not cached, answered for the instant itself.
    if (offsetAt(f, new Date(slot * SLOT_MS + SLOT_MS - 1)) !== start) return offsetAt(f, new Date(ms));
    if (slots.size > 100_000) slots.clear();
    slots.set(slot, start);
    return start;
  };
}

/** A MongoDB timezone argument as a zone; throws 40485 for an unknown one. */
function zoneOf(tz: string): Zone {
  let zone = zones.get(tz);
  if (zone) return zone;
  const m = OFFSET.exec(tz);
  if (m) {
    const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
    zone = () => minutes;
  } else {
    const f = zoneFormatter(tz);
    if (!f) throw unrecognized(tz);
    zone = namedZone(f);
  }
  if (zones.size > 1000) zones.clear();
  zones.set(tz, zone);
  return zone;
}

/** Minutes east of UTC of a MongoDB timezone argument at an instant; throws 40485 for an unknown one. */
function zoneOffset(tz: string, at: Date): number {
  return zoneOf(tz)(at.getTime());
}

/** The zone in a form mingo reads, right at `at`: its offset there (mingo's own name lookup costs milliseconds). */
function forMingo(tz: string, at: Date): string {
  return offsetText(zoneOffset(tz, at));
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
  if (typeof tz !== 'string')
    throw new MongoCommandError(
      40517,
      `timezone must evaluate to a string, found ${typeName(tz)}`,
      {},
      'Location40517',
    );
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

/** Local wall time `local` (as if UTC) in the zone, as an instant. */
function instantOf(zone: Zone, local: number): number {
  const first = zone(local);
  const guess = local - first * 60000;
  const second = zone(guess);
  return second === first ? guess : local - second * 60000;
}

function fromLocal(tz: string, local: number): Date {
  return new Date(instantOf(zoneOf(tz), local));
}

const PART_RANGE = [-32768, 32767];

function part(args: Doc, name: string, fallback: number): number | null {
  const v = args[name];
  if (v === undefined) return fallback;
  if (v === null) return null;
  const n = typeof v === 'number' ? v : Number((v as { valueOf(): unknown }).valueOf());
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw new MongoCommandError(
      40515,
      `'${name}' must evaluate to an integer, found ${typeName(v)} with value ${String(v)}`,
      {},
      'Location40515',
    );
  }
  const [min, max] = name === 'year' || name === 'isoWeekYear' ? [1, 9999] : PART_RANGE;
  if (n < min || n > max) {
    throw new MongoCommandError(
      31034,
      `'${name}' must evaluate to a value in the range [${min}, ${max}]; value ${n} is not in range`,
      {},
      'Location31034',
    );
  }
  return n;
}

/** $dateFromParts, calendar or ISO week form, parts carrying over as in MongoDB (month 14 is February next year). */
const $dateFromParts: ExpressionOp = (obj, expr, options) => {
  const args = evalExpr(obj, expr, options) as Doc;
  if (!isPlainObject(expr))
    throw new MongoCommandError(40519, '$dateFromParts only supports an object as its argument', {}, 'Location40519');
  const iso = 'isoWeekYear' in expr;
  if (iso && 'year' in expr)
    throw new MongoCommandError(
      40489,
      '$dateFromParts does not allow mixing natural dates with ISO dates',
      {},
      'Location40489',
    );
  if (!iso && !('year' in expr))
    throw new MongoCommandError(
      40516,
      "$dateFromParts requires either 'year' or 'isoWeekYear' to be present",
      {},
      'Location40516',
    );
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

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

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
      throw new MongoCommandError(
        40554,
        `you cannot pass in a date/time string with time zone information ('${m[8]}') together with a timezone argument`,
        {},
        'Location40554',
      );
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

const ops = expressionOperators as unknown as Record<string, ExpressionOp>;

// ---- $dateAdd / $dateSubtract / $dateDiff / $dateTrunc in a zone's local time, as mongod computes them ----

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY_MS,
  week: 7 * DAY_MS,
};
const UNITS = new Set(['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond']);
const WEEKDAYS: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };
const WEEKDAY_NAME = /^(mon(day)?|tue(sday)?|wed(nesday)?|thu(rsday)?|fri(day)?|sat(urday)?|sun(day)?)$/i;
/** 2000-01-01T00:00:00Z, the reference point of $dateTrunc's bins. */
const REFERENCE_MS = 946_684_800_000;

function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}
const mod = (a: number, b: number) => ((a % b) + b) % b;
/** Day of the week of a local day number counted from the epoch, 0 for `startOfWeek` (ISO number). */
const weekday = (day: number, startOfWeek: number) => mod(mod(day + 3, 7) + 1 - startOfWeek, 7);

/** The instant `amount` units after `ms`: hours and smaller in absolute time, days and longer on the local calendar. */
function addUnits(zone: Zone, ms: number, unit: string, amount: number): number {
  if (unit in UNIT_MS && unit !== 'day' && unit !== 'week') return ms + amount * UNIT_MS[unit];
  const local = ms + zone(ms) * 60000;
  if (unit === 'day' || unit === 'week') return instantOf(zone, local + amount * UNIT_MS[unit]);
  const d = new Date(local);
  const months = d.getUTCMonth() + amount * (unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1);
  const year = d.getUTCFullYear() + Math.floor(months / 12);
  const month = mod(months, 12);
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month + 1));
  const out = new Date(local);
  out.setUTCFullYear(year, month, day);
  return instantOf(zone, out.getTime());
}

/** Unit boundaries crossed from `start` to `end` on the zone's local calendar and clock. */
function unitsBetween(zone: Zone, start: number, end: number, unit: string, startOfWeek: number): number {
  if (unit === 'millisecond') return end - start;
  const offStart = zone(start) * 60000;
  const offEnd = zone(end) * 60000;
  const ls = start + offStart;
  const le = end + offEnd;
  if (unit === 'hour' || unit === 'minute' || unit === 'second') {
    const u = UNIT_MS[unit];
    return Math.floor(le / u) - Math.floor(ls / u) + Math.trunc((offStart - offEnd) / u);
  }
  const days = Math.floor(le / DAY_MS) - Math.floor(ls / DAY_MS);
  if (unit === 'day') return days;
  if (unit === 'week')
    return Math.trunc(
      (days + weekday(Math.floor(ls / DAY_MS), startOfWeek) - weekday(Math.floor(le / DAY_MS), startOfWeek)) / 7,
    );
  const a = new Date(ls);
  const b = new Date(le);
  const years = b.getUTCFullYear() - a.getUTCFullYear();
  if (unit === 'year') return years;
  if (unit === 'quarter') return Math.floor(b.getUTCMonth() / 3) - Math.floor(a.getUTCMonth() / 3) + years * 4;
  return b.getUTCMonth() - a.getUTCMonth() + years * 12;
}

/** $dateTrunc's lower bin bound, bins counted from 2000-01-01 local midnight (the first `startOfWeek` after it for weeks). */
function truncate(zone: Zone, ms: number, unit: string, binSize: number, startOfWeek: number): number {
  const reference = REFERENCE_MS - zone(REFERENCE_MS) * 60000;
  if (unit !== 'day' && unit in UNIT_MS && unit !== 'week') return ms - mod(ms - reference, binSize * UNIT_MS[unit]);
  // 2000-01-01 was a Saturday (ISO 6).
  const start = unit === 'week' ? reference + mod(7 - mod(6 - startOfWeek, 7), 7) * DAY_MS : reference;
  const distance = unitsBetween(zone, start, ms, unit, startOfWeek);
  return addUnits(zone, start, unit, distance - mod(distance, binSize));
}

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const nullish = (v: unknown) => v === null || v === undefined;

function weekStart(v: unknown): number | undefined {
  if (v === undefined) return WEEKDAYS.sun;
  return typeof v === 'string' && WEEKDAY_NAME.test(v) ? WEEKDAYS[v.slice(0, 3).toLowerCase()] : undefined;
}

/** A date argument as mongod coerces it (a date, or an ObjectId's time), else undefined. */
function dateMs(v: unknown): number | undefined {
  if (v instanceof Date) return v.getTime();
  if ((v as { _bsontype?: string })?._bsontype === 'ObjectId')
    return (v as { getTimestamp(): Date }).getTimestamp().getTime();
  return undefined;
}

/**
 * One of the four operators computed here: null when an argument is null or missing, mongod's error for a
 * non-date or a fractional amount; a malformed unit or option goes to mingo's operator, which refuses it.
 */
function calendarOp(base: ExpressionOp, required: string[], compute: (args: Doc, zone: Zone) => unknown): ExpressionOp {
  return (obj, expr, options) => {
    if (!isPlainObject(expr)) return base(obj, expr, options);
    const { timezone: _tz, ...rest } = expr;
    const args = evalExpr(obj, rest, options) as Doc;
    if (required.some((k) => nullish(args[k])) || Object.keys(rest).some((k) => args[k] === null)) return null;
    const tz = timezoneArg(obj, expr, options);
    if (tz === null) return null;
    const out = compute(args, tz === undefined ? UTC_ZONE : zoneOf(tz));
    return out === undefined ? base(obj, rest, options) : out;
  };
}

const $dateAdd = (name: '$dateAdd' | '$dateSubtract', sign: number) =>
  calendarOp(ops[name], ['startDate', 'unit', 'amount'], (args, zone) => {
    const { unit, amount } = args;
    const start = dateMs(args.startDate);
    if (start === undefined)
      throw new MongoCommandError(
        5166403,
        `${name} requires startDate to be convertible to a date`,
        {},
        'Location5166403',
      );
    if (!isInteger(amount))
      throw new MongoCommandError(5166405, `${name} expects integer amount of time units`, {}, 'Location5166405');
    if (typeof unit !== 'string' || !UNITS.has(unit)) return undefined;
    return new Date(addUnits(zone, start, unit, sign * amount));
  });

const $dateDiff = calendarOp(ops.$dateDiff, ['startDate', 'endDate', 'unit'], (args, zone) => {
  const { unit } = args;
  const start = dateMs(args.startDate);
  const end = dateMs(args.endDate);
  const startOfWeek = weekStart(args.startOfWeek);
  if (
    start === undefined ||
    end === undefined ||
    typeof unit !== 'string' ||
    !UNITS.has(unit) ||
    startOfWeek === undefined
  )
    return undefined;
  return unitsBetween(zone, start, end, unit, startOfWeek);
});

const $dateTrunc = calendarOp(ops.$dateTrunc, ['date', 'unit'], (args, zone) => {
  const { unit } = args;
  const date = dateMs(args.date);
  const binSize = args.binSize ?? 1;
  const startOfWeek = weekStart(args.startOfWeek);
  if (
    date === undefined ||
    typeof unit !== 'string' ||
    !UNITS.has(unit) ||
    !isInteger(binSize) ||
    binSize <= 0 ||
    startOfWeek === undefined
  )
    return undefined;
  return new Date(truncate(zone, date, unit, binSize, startOfWeek));
});

const ON_DATE = [
  '$year',
  '$month',
  '$dayOfMonth',
  '$hour',
  '$minute',
  '$second',
  '$millisecond',
  '$dayOfYear',
  '$dayOfWeek',
  '$isoWeek',
  '$isoWeekYear',
  '$isoDayOfWeek',
  '$dateToString',
] as const;

/** $week: strftime's %U (weeks start on Sunday; the days before the year's first Sunday are week 0), in the zone. */
const $week: ExpressionOp = (obj, expr, options) => {
  const spec: Doc =
    isPlainObject(expr) && 'date' in expr ? expr : { date: Array.isArray(expr) && expr.length === 1 ? expr[0] : expr };
  const tz = timezoneArg(obj, spec, options);
  if (tz === null) return null;
  const date = evalExpr(obj, spec.date, options) as unknown;
  if (date === null || date === undefined) return null;
  if (!(date instanceof Date)) return ops.$week(obj, expr, options);
  const local = new Date(date.getTime() + (tz === undefined ? 0 : zoneOf(tz)(date.getTime())) * 60000);
  const jan1 = new Date(0);
  jan1.setUTCFullYear(local.getUTCFullYear(), 0, 1);
  const yearDay = Math.floor((local.getTime() - jan1.getTime()) / DAY_MS);
  return Math.floor((yearDay + 7 - local.getUTCDay()) / 7);
};

const PARTS = [
  'year',
  'month',
  'day',
  'isoWeekYear',
  'isoWeek',
  'isoDayOfWeek',
  'hour',
  'minute',
  'second',
  'millisecond',
];
const dateToParts = zoned(ops.$dateToParts, 'date');

/** $dateToParts with its fields in mongod's order (mingo puts the time fields first). */
const $dateToParts: ExpressionOp = (obj, expr, options) => {
  const out = dateToParts(obj, expr, options);
  if (!isPlainObject(out)) return out;
  return Object.fromEntries(PARTS.filter((k) => k in out).map((k) => [k, out[k]]));
};

export const DATE_ZONE_OPERATORS: Record<string, ExpressionOp> = {
  ...Object.fromEntries(ON_DATE.map((name) => [name, zoned(ops[name], 'date')])),
  $dateAdd: $dateAdd('$dateAdd', 1),
  $dateSubtract: $dateAdd('$dateSubtract', -1),
  $dateDiff,
  $dateTrunc,
  $week,
  $dateToParts,
  $dateFromParts,
  $dateFromString,
};
