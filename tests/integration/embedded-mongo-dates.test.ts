// Conformance: date expression operators with a timezone, as MongoDB 7.0 takes it: Olson names
// ('UTC', 'GMT', 'Etc/UTC', 'Europe/Paris', 'US/Eastern', 'EST', 'Etc/GMT+5', three-part names),
// UTC offsets ('+05:30', '-0800', '+03'), DST on the date itself, null and unknown zones. Driver only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError, type Collection, type Db, type Document } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;
let c: Collection;

// 2024-03-10 12:34:56.789 UTC: the day the United States went to summer time (08:34 in New York).
const instant = new Date('2024-03-10T12:34:56.789Z');

beforeAll(async () => {
  t = await openTestDb('conf_dates');
  db = t.db;
  c = db.collection('events');
  await c.insertOne({ _id: 1 as never, at: instant, winter: new Date('2024-01-15T12:00:00Z') });
});
afterAll(async () => t.close());

async function one(expr: Document): Promise<Document> {
  const [doc] = await c.aggregate([{ $project: { _id: 0, v: expr } }]).toArray();
  return doc;
}

describe('date operators with a timezone', () => {
  it('accepts UTC, GMT, Etc/UTC and the offsets +00:00 alike', async () => {
    for (const tz of ['UTC', 'GMT', 'Etc/UTC', 'Etc/GMT', '+00:00', '+0000', '+00']) {
      const r = await one({
        s: { $dateToString: { date: '$at', format: '%Y-%m-%d %H:%M:%S.%L %z', timezone: tz } },
        h: { $hour: { date: '$at', timezone: tz } },
        p: { $dateToParts: { date: '$at', timezone: tz } },
      });
      expect(r.v, tz).toEqual({
        s: '2024-03-10 12:34:56.789 +0000',
        h: 12,
        p: { year: 2024, month: 3, day: 10, hour: 12, minute: 34, second: 56, millisecond: 789 },
      });
    }
  });

  it('applies offsets and Olson names at the date itself (summer time included)', async () => {
    const cases: Array<[string, string, number]> = [
      ['+05:30', '2024-03-10 18:04 +0530', 18],
      ['-0800', '2024-03-10 04:34 -0800', 4],
      ['+03', '2024-03-10 15:34 +0300', 15],
      ['Asia/Kathmandu', '2024-03-10 18:19 +0545', 18],
      ['America/New_York', '2024-03-10 08:34 -0400', 8],
      ['US/Eastern', '2024-03-10 08:34 -0400', 8],
      ['EST', '2024-03-10 07:34 -0500', 7],
      ['Etc/GMT+5', '2024-03-10 07:34 -0500', 7],
      ['Europe/Paris', '2024-03-10 13:34 +0100', 13],
      ['America/Argentina/Buenos_Aires', '2024-03-10 09:34 -0300', 9],
      ['America/Port-au-Prince', '2024-03-10 08:34 -0400', 8],
    ];
    for (const [tz, text, hour] of cases) {
      const r = await one({
        s: { $dateToString: { date: '$at', format: '%Y-%m-%d %H:%M %z', timezone: tz } },
        h: { $hour: { date: '$at', timezone: tz } },
        winter: { $hour: { date: '$winter', timezone: tz } },
      });
      expect(r.v.s, tz).toBe(text);
      expect(r.v.h, tz).toBe(hour);
    }
    const ny = await one({ $hour: { date: '$winter', timezone: 'America/New_York' } });
    expect(ny.v).toBe(7);
  });

  it('truncates, builds and parses dates in a zone', async () => {
    const r = await one({
      day: { $dateTrunc: { date: '$at', unit: 'day', timezone: 'America/New_York' } },
      dayUtc: { $dateTrunc: { date: '$at', unit: 'day', timezone: 'UTC' } },
      built: { $dateFromParts: { year: 2024, hour: 3, timezone: 'Europe/Paris' } },
      builtUtc: { $dateFromParts: { year: 2024, month: 7, day: 4, timezone: 'UTC' } },
      carried: { $dateFromParts: { year: 2023, month: 14, day: 1 } },
      iso: { $dateFromParts: { isoWeekYear: 2024, isoWeek: 10, isoDayOfWeek: 7, timezone: 'GMT' } },
      summer: { $dateFromParts: { year: 2024, month: 7, day: 1, timezone: 'America/New_York' } },
      parsed: {
        $dateFromString: { dateString: '2024-07-01 09:30', format: '%Y-%m-%d %H:%M', timezone: 'America/New_York' },
      },
      parsedUtc: { $dateFromString: { dateString: '2024-07-01 09:30', format: '%Y-%m-%d %H:%M', timezone: 'UTC' } },
    });
    expect(r.v).toEqual({
      day: new Date('2024-03-10T05:00:00Z'),
      dayUtc: new Date('2024-03-10T00:00:00Z'),
      built: new Date('2024-01-01T02:00:00Z'),
      builtUtc: new Date('2024-07-04T00:00:00Z'),
      carried: new Date('2024-02-01T00:00:00Z'),
      iso: new Date('2024-03-10T00:00:00Z'),
      summer: new Date('2024-07-01T04:00:00Z'),
      parsed: new Date('2024-07-01T13:30:00Z'),
      parsedUtc: new Date('2024-07-01T09:30:00Z'),
    });
  });

  // New York went to summer time on 2024-03-10 at 07:00Z (02:00 EST -> 03:00 EDT) and back on 2024-11-03 at 06:00Z.
  it('adds and subtracts days and months on the local calendar, hours in absolute time', async () => {
    const at = (iso: string) => ({ $literal: new Date(iso) });
    const ny = 'America/New_York';
    const r = await one({
      dayNy: { $dateAdd: { startDate: at('2024-03-09T17:00:00Z'), unit: 'day', amount: 1, timezone: ny } },
      dayUtc: { $dateAdd: { startDate: at('2024-03-09T17:00:00Z'), unit: 'day', amount: 1, timezone: 'UTC' } },
      dayNone: { $dateAdd: { startDate: at('2024-03-09T17:00:00Z'), unit: 'day', amount: 1 } },
      weekNy: { $dateAdd: { startDate: at('2024-03-05T17:00:00Z'), unit: 'week', amount: 1, timezone: ny } },
      hourNy: { $dateAdd: { startDate: at('2024-03-10T06:30:00Z'), unit: 'hour', amount: 1, timezone: ny } },
      backNy: { $dateSubtract: { startDate: at('2024-11-03T17:00:00Z'), unit: 'day', amount: 1, timezone: ny } },
      monthEnd: { $dateAdd: { startDate: at('2024-01-31T12:00:00Z'), unit: 'month', amount: 1, timezone: 'Etc/UTC' } },
      monthEndPlain: { $dateAdd: { startDate: at('2023-01-31T12:00:00Z'), unit: 'month', amount: 1 } },
      monthNy: { $dateAdd: { startDate: at('2024-03-01T03:00:00Z'), unit: 'month', amount: 1, timezone: ny } },
      monthUtc: { $dateAdd: { startDate: at('2024-03-01T03:00:00Z'), unit: 'month', amount: 1 } },
      quarterBack: { $dateSubtract: { startDate: at('2024-05-31T00:00:00Z'), unit: 'quarter', amount: 1 } },
      yearLeap: { $dateAdd: { startDate: at('2024-02-29T00:00:00Z'), unit: 'year', amount: 1 } },
      offsetDay: { $dateAdd: { startDate: at('2024-03-10T18:00:00Z'), unit: 'day', amount: -1, timezone: '+05:30' } },
    });
    expect(r.v).toEqual({
      dayNy: new Date('2024-03-10T16:00:00Z'), // 12:00 EST -> 12:00 EDT
      dayUtc: new Date('2024-03-10T17:00:00Z'),
      dayNone: new Date('2024-03-10T17:00:00Z'),
      weekNy: new Date('2024-03-12T16:00:00Z'),
      hourNy: new Date('2024-03-10T07:30:00Z'), // 01:30 EST -> 03:30 EDT
      backNy: new Date('2024-11-02T16:00:00Z'), // 12:00 EST -> 12:00 EDT the day before
      monthEnd: new Date('2024-02-29T12:00:00Z'),
      monthEndPlain: new Date('2023-02-28T12:00:00Z'),
      monthNy: new Date('2024-03-30T02:00:00Z'), // Feb 29 22:00 EST -> Mar 29 22:00 EDT
      monthUtc: new Date('2024-04-01T03:00:00Z'),
      quarterBack: new Date('2024-02-29T00:00:00Z'),
      yearLeap: new Date('2025-02-28T00:00:00Z'),
      offsetDay: new Date('2024-03-09T18:00:00Z'),
    });
  });

  it('counts day, week, month and hour boundaries in the zone', async () => {
    const at = (iso: string) => ({ $literal: new Date(iso) });
    const ny = 'America/New_York';
    const diff = (start: string, end: string, unit: string, extra: Document = {}) => ({
      $dateDiff: { startDate: at(start), endDate: at(end), unit, ...extra },
    });
    const r = await one({
      // Mar 9 22:30 EST -> Mar 10 00:30 EST: one New York midnight, no UTC one.
      dayNy: diff('2024-03-10T03:30:00Z', '2024-03-10T05:30:00Z', 'day', { timezone: ny }),
      dayUtc: diff('2024-03-10T03:30:00Z', '2024-03-10T05:30:00Z', 'day'),
      dayIst: diff('2024-03-10T18:00:00Z', '2024-03-10T18:40:00Z', 'day', { timezone: '+05:30' }),
      // 01:00 EST -> 04:00 EDT is two hours.
      hourNy: diff('2024-03-10T06:00:00Z', '2024-03-10T08:00:00Z', 'hour', { timezone: ny }),
      minuteNy: diff('2024-03-10T06:59:00Z', '2024-03-10T07:01:00Z', 'minute', { timezone: ny }),
      weekSun: diff('2024-03-10T12:00:00Z', '2024-03-11T12:00:00Z', 'week'),
      weekMon: diff('2024-03-10T12:00:00Z', '2024-03-11T12:00:00Z', 'week', { startOfWeek: 'Monday' }),
      monthNy: diff('2024-03-01T03:00:00Z', '2024-03-01T06:00:00Z', 'month', { timezone: ny }),
      monthUtc: diff('2024-03-01T03:00:00Z', '2024-03-01T06:00:00Z', 'month'),
      yearBack: diff('2025-01-01T00:00:00Z', '2024-12-31T23:59:59Z', 'year'),
      quarter: diff('2024-03-31T00:00:00Z', '2024-04-01T00:00:00Z', 'quarter'),
      ms: diff('2024-03-10T06:00:00Z', '2024-03-10T06:00:01.250Z', 'millisecond', { timezone: ny }),
    });
    expect(r.v).toEqual({
      dayNy: 1,
      dayUtc: 0,
      dayIst: 1,
      hourNy: 2,
      minuteNy: 2,
      weekSun: 0,
      weekMon: 1,
      monthNy: 1,
      monthUtc: 0,
      yearBack: -1,
      quarter: 1,
      ms: 1250,
    });
  });

  it('truncates to local midnights, weeks and months across a summer-time change', async () => {
    const at = (iso: string) => ({ $literal: new Date(iso) });
    const ny = 'America/New_York';
    const r = await one({
      // 07:00 EST on Nov 3: that day began at 00:00 EDT.
      dayAfterChange: { $dateTrunc: { date: at('2024-11-03T12:00:00Z'), unit: 'day', timezone: ny } },
      weekMon: { $dateTrunc: { date: at('2024-03-10T12:00:00Z'), unit: 'week', startOfWeek: 'mon', timezone: ny } },
      weekSun: { $dateTrunc: { date: at('2024-03-10T12:00:00Z'), unit: 'week', timezone: ny } },
      month: { $dateTrunc: { date: at('2024-11-03T12:00:00Z'), unit: 'month', timezone: ny } },
      twoDays: { $dateTrunc: { date: at('2024-03-10T12:00:00Z'), unit: 'day', binSize: 2, timezone: 'UTC' } },
      hourIst: { $dateTrunc: { date: at('2024-03-10T12:34:00Z'), unit: 'hour', timezone: '+05:30' } },
      quarter: { $dateTrunc: { date: at('2024-05-20T12:00:00Z'), unit: 'quarter' } },
    });
    expect(r.v).toEqual({
      dayAfterChange: new Date('2024-11-03T04:00:00Z'),
      weekMon: new Date('2024-03-04T05:00:00Z'),
      weekSun: new Date('2024-03-10T05:00:00Z'),
      month: new Date('2024-11-01T04:00:00Z'),
      // Two-day bins from 2000-01-01: 8,835 days later is an odd day, so the bin began on March 9.
      twoDays: new Date('2024-03-09T00:00:00Z'),
      hourIst: new Date('2024-03-10T12:30:00Z'),
      quarter: new Date('2024-04-01T00:00:00Z'),
    });
  });

  it('answers null for a null argument and refuses a non-date or a fractional amount', async () => {
    const r = await one({
      amount: { $dateAdd: { startDate: '$at', unit: 'day', amount: null } },
      missing: { $dateDiff: { startDate: '$at', endDate: '$nothing', unit: 'day' } },
      zone: { $dateTrunc: { date: '$at', unit: 'day', timezone: null } },
    });
    expect(r.v).toEqual({ amount: null, missing: null, zone: null });
    const fraction = await one({ $dateAdd: { startDate: '$at', unit: 'day', amount: 1.5 } }).catch((e: unknown) => e);
    expect((fraction as MongoServerError).code).toBe(5166405);
    const notDate = await one({ $dateSubtract: { startDate: 'yesterday', unit: 'day', amount: 1 } }).catch(
      (e: unknown) => e,
    );
    expect((notDate as MongoServerError).code).toBe(5166403);
  });

  it('reads ISO-8601 strings without a format, in a zone or with their own offset, and refuses what it cannot read', async () => {
    const r = await one({
      local: { $dateFromString: { dateString: '2024-03-10 12:00', timezone: 'Europe/Paris' } },
      day: { $dateFromString: { dateString: '2024-03-10' } },
      offset: { $dateFromString: { dateString: '2024-03-10T12:00:00.5+05:30' } },
      zulu: { $dateFromString: { dateString: '2024-03-10T12:00:00Z' } },
      fallback: { $dateFromString: { dateString: 'not a date', onError: 'bad' } },
      none: { $dateFromString: { dateString: null, onNull: 'none' } },
    });
    expect(r.v).toEqual({
      local: new Date('2024-03-10T11:00:00Z'),
      day: new Date('2024-03-10T00:00:00Z'),
      offset: new Date('2024-03-10T06:30:00.500Z'),
      zulu: new Date('2024-03-10T12:00:00Z'),
      fallback: 'bad',
      none: 'none',
    });
    const unreadable = await one({ $dateFromString: { dateString: 'not a date' } }).catch((e: unknown) => e);
    expect((unreadable as MongoServerError).code).toBe(241);
    const twice = await one({ $dateFromString: { dateString: '2024-03-10T12:00:00Z', timezone: 'UTC' } }).catch(
      (e: unknown) => e,
    );
    expect((twice as MongoServerError).code).toBe(40554);
  });

  it('groups by the day in a zone', async () => {
    const g = db.collection('calls');
    await g.insertMany([
      { at: new Date('2024-05-01T02:00:00Z') },
      { at: new Date('2024-05-01T05:00:00Z') },
      { at: new Date('2024-05-01T23:30:00Z') },
    ]);
    const days = await g
      .aggregate([
        {
          $group: {
            _id: { $dateToString: { date: '$at', format: '%Y-%m-%d', timezone: 'America/Chicago' } },
            n: { $sum: 1 },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(days).toEqual([
      { _id: '2024-04-30', n: 1 },
      { _id: '2024-05-01', n: 2 },
    ]);
  });

  it('answers null for a null timezone and refuses an unknown or non-string one', async () => {
    expect((await one({ $hour: { date: '$at', timezone: null } })).v).toBeNull();
    for (const tz of ['utc', 'Mars/Olympus', '+5:30x', 'Not a zone']) {
      const err = await one({ $hour: { date: '$at', timezone: tz } }).catch((e: unknown) => e);
      expect(err, tz).toBeInstanceOf(MongoServerError);
      expect((err as MongoServerError).code, tz).toBe(40485);
      expect((err as MongoServerError).message).toBe(`unrecognized time zone identifier: "${tz}"`);
    }
    const err = await one({ $hour: { date: '$at', timezone: 5 } }).catch((e: unknown) => e);
    expect((err as MongoServerError).code).toBe(40517);
  });
});
