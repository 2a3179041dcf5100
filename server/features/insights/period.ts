import type {
  InsightBucket,
  InsightPeriod,
  InsightsQuery,
  InsightsRange,
} from '../../../shared/schemas/insights/query.js';
import { INSIGHT_MAX_DAYS, insightMessages } from '../../../shared/schemas/insights/query.js';
import { badRequest } from '../../platform/errors.js';

const DAY = 86_400_000;

/** A calendar date with no zone: days are counted on these, then mapped to instants in the viewer's zone. */
interface LocalDate {
  y: number;
  m: number;
  d: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

export function isTimeZone(tz: string): boolean {
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in `tz`, as if it were UTC (milliseconds). */
function wallClock(instant: number, tz: string): number {
  const parts = Object.fromEntries(
    formatterFor(tz)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant local midnight of `date` happens in `tz` (twice-corrected so a DST change that day lands right). */
export function midnightIn(date: LocalDate, tz: string): Date {
  const guess = Date.UTC(date.y, date.m - 1, date.d);
  let instant = guess - (wallClock(guess, tz) - guess);
  instant = guess - (wallClock(instant, tz) - instant);
  return new Date(instant);
}

export function localDateOf(instant: Date, tz: string): LocalDate {
  const wall = new Date(wallClock(instant.getTime(), tz));
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
}

const toUtc = (date: LocalDate) => Date.UTC(date.y, date.m - 1, date.d);
const fromUtc = (ms: number): LocalDate => {
  const d = new Date(ms);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
};
export const addDays = (date: LocalDate, days: number) => fromUtc(toUtc(date) + days * DAY);
export const isoOf = (date: LocalDate) => new Date(toUtc(date)).toISOString().slice(0, 10);

function parseIso(text: string): LocalDate {
  const [y, m, d] = text.split('-').map(Number);
  const date = { y, m, d };
  if (isoOf(date) !== text) throw badRequest(insightMessages.date);
  return date;
}

export interface ResolvedRange {
  range: InsightsRange;
  startsAt: Date;
  endsAt: Date;
  /** Every bucket's label in order ('YYYY-MM-DD' of its first local day; 'YYYY-MM' for months). */
  labels: string[];
}

function firstDays(period: InsightPeriod, today: LocalDate, query: InsightsQuery): [LocalDate, LocalDate] {
  const mondayOffset = (new Date(toUtc(today)).getUTCDay() + 6) % 7;
  switch (period) {
    case 'this-week':
      return [addDays(today, -mondayOffset), today];
    case 'last-4-weeks':
      return [addDays(today, -27), today];
    case 'this-month':
      return [{ ...today, d: 1 }, today];
    case 'last-3-months': {
      const month = today.m - 2;
      return [month >= 1 ? { y: today.y, m: month, d: 1 } : { y: today.y - 1, m: month + 12, d: 1 }, today];
    }
    case 'custom': {
      if (!query.from || !query.to) throw badRequest(insightMessages.customNeedsDates);
      const from = parseIso(query.from);
      const to = parseIso(query.to);
      if (toUtc(to) < toUtc(from)) throw badRequest(insightMessages.range);
      if ((toUtc(to) - toUtc(from)) / DAY + 1 > INSIGHT_MAX_DAYS) throw badRequest(insightMessages.tooLong);
      return [from, to];
    }
  }
}

export function bucketLabels(from: LocalDate, to: LocalDate, bucket: InsightBucket): string[] {
  const labels: string[] = [];
  if (bucket === 'month') {
    for (let y = from.y, m = from.m; y < to.y || (y === to.y && m <= to.m); m === 12 ? (y++, (m = 1)) : m++)
      labels.push(`${y}-${String(m).padStart(2, '0')}`);
    return labels;
  }
  // Weeks start on Monday, and the first one may begin before `from` (it is labelled by its Monday).
  let day = bucket === 'week' ? addDays(from, -((new Date(toUtc(from)).getUTCDay() + 6) % 7)) : from;
  for (; toUtc(day) <= toUtc(to); day = addDays(day, bucket === 'week' ? 7 : 1)) labels.push(isoOf(day));
  return labels;
}

/** The period the query asks for, in the viewer's zone, ending today (tomorrow's local midnight excluded). */
export function resolveRange(query: InsightsQuery, now: Date): ResolvedRange {
  const tz = query.tz ?? 'UTC';
  if (!isTimeZone(tz)) throw badRequest(insightMessages.timeZone);
  const period = query.period ?? 'last-4-weeks';
  const [from, to] = firstDays(period, localDateOf(now, tz), query);
  const days = (toUtc(to) - toUtc(from)) / DAY + 1;
  const bucket = query.bucket ?? (days <= 31 ? 'day' : 'week');
  const startsAt = midnightIn(from, tz);
  const endsAt = midnightIn(addDays(to, 1), tz);
  return {
    range: {
      period,
      from: isoOf(from),
      to: isoOf(to),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      tz,
      bucket,
      campaignId: query.campaignId ?? null,
    },
    startsAt,
    endsAt,
    labels: bucketLabels(from, to, bucket),
  };
}

const SLOT = 15 * 60_000;

/**
 * A document's 15-minute slot since 1970 (plain arithmetic in the pipeline). Every zone's offset is a multiple of
 * 15 minutes, so a slot never straddles a local day or hour; slots are turned into local days and hours here, because
 * the embedded server's zone-aware date operators cost over a millisecond per document.
 */
export function slotExpr(field: string): unknown {
  return { $floor: { $divide: [{ $subtract: [field, new Date(0)] }, SLOT] } };
}

/** The bucket label and local hour of a slot, in `tz`. */
export function slotPlace(slot: number, bucket: InsightBucket, tz: string): { label: string; hour: number } {
  const wall = new Date(wallClock(slot * SLOT, tz));
  const date = { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
  const hour = wall.getUTCHours();
  if (bucket === 'month') return { label: `${date.y}-${String(date.m).padStart(2, '0')}`, hour };
  if (bucket === 'week') return { label: isoOf(addDays(date, -((wall.getUTCDay() + 6) % 7))), hour };
  return { label: isoOf(date), hour };
}
