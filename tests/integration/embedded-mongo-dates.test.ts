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
      parsed: { $dateFromString: { dateString: '2024-07-01 09:30', format: '%Y-%m-%d %H:%M', timezone: 'America/New_York' } },
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
    const twice = await one({ $dateFromString: { dateString: '2024-03-10T12:00:00Z', timezone: 'UTC' } }).catch((e: unknown) => e);
    expect((twice as MongoServerError).code).toBe(40554);
  });

  it('groups by the day in a zone', async () => {
    const g = db.collection('calls');
    await g.insertMany([
      { at: new Date('2024-05-01T02:00:00Z') },
      { at: new Date('2024-05-01T05:00:00Z') },
      { at: new Date('2024-05-01T23:30:00Z') },
    ]);
    const days = await g.aggregate([
      { $group: { _id: { $dateToString: { date: '$at', format: '%Y-%m-%d', timezone: 'America/Chicago' } }, n: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ]).toArray();
    expect(days).toEqual([{ _id: '2024-04-30', n: 1 }, { _id: '2024-05-01', n: 2 }]);
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
