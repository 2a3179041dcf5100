// Conformance: TTL expiry in the background sweep. Driver only. The test run keeps the sweep off
// (tests/support/backends.ts); this file turns it on with a 1 s interval, which would sweep every other file's TTL
// collections too (a verification stored by a test clock set in the past would vanish between sign-up and its
// code), so it runs alone (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_ttl');
  db = t.db;
});
afterAll(async () => t.close());

describe('TTL indexes', () => {
  it('removes expired documents in the background sweep', async () => {
    const admin = t.client.db('admin');
    const previous = await admin.command({ getParameter: 1, ttlMonitorSleepSecs: 1, ttlMonitorEnabled: 1 });
    await admin.command({ setParameter: 1, ttlMonitorSleepSecs: 1, ttlMonitorEnabled: true });
    try {
      const c = db.collection('sessions');
      await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      const listed = (await c.listIndexes().toArray()).find((i) => i.name === 'expiresAt_1');
      expect(listed?.expireAfterSeconds).toBe(0);
      await c.insertMany([
        { k: 'old', expiresAt: new Date(Date.now() - 60_000) },
        { k: 'future', expiresAt: new Date(Date.now() + 3_600_000) },
        { k: 'no-date', expiresAt: 'not a date' },
        { k: 'none' },
      ]);
      const deadline = Date.now() + 75_000;
      while ((await c.countDocuments({ k: 'old' })) > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(
        (
          await c
            .find({}, { projection: { _id: 0, k: 1 } })
            .sort({ k: 1 })
            .toArray()
        ).map((d) => d.k),
      ).toEqual(['future', 'no-date', 'none']);
    } finally {
      await admin.command({
        setParameter: 1,
        ttlMonitorSleepSecs: previous.ttlMonitorSleepSecs,
        ttlMonitorEnabled: previous.ttlMonitorEnabled,
      });
    }
  }, 90_000);
});
