// Unit tests for the embedded server's journal: record framing, torn tails, group writes and fsync.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalWriter, frame, parseFrames } from '../../server/embedded/mongo/storage/journal.js';

describe('journal frames', () => {
  const records = [
    { o: 'hdr', gen: 0 },
    { o: 'i', d: 'db', c: 'c', doc: { _id: 1, s: 'x'.repeat(300) } },
    { o: 'r', d: 'db', c: 'c', id: 1 },
  ];
  const bytes = Buffer.concat(records.map(frame));

  it('round-trips records', () => {
    const parsed = parseFrames(bytes);
    expect(parsed.problem).toBeUndefined();
    expect(parsed.validEnd).toBe(bytes.length);
    expect(parsed.records).toEqual(records);
  });

  it('stops at a torn tail at every possible cut', () => {
    const boundaries = [0];
    for (const r of records) boundaries.push(boundaries[boundaries.length - 1] + frame(r).length);
    for (let cut = 0; cut < bytes.length; cut++) {
      const parsed = parseFrames(bytes.subarray(0, cut));
      const whole = boundaries.filter((b) => b <= cut).length - 1;
      expect(parsed.records).toHaveLength(whole);
      expect(parsed.validEnd).toBe(boundaries[whole]);
      if (cut !== boundaries[whole]) expect(parsed.problem).toBeDefined();
    }
  });

  it('detects a flipped bit through the checksum', () => {
    const damaged = Buffer.from(bytes);
    damaged[frame(records[0]).length + 40] ^= 0x10;
    const parsed = parseFrames(damaged);
    expect(parsed.records).toHaveLength(1);
    expect(parsed.problem).toBe('checksum mismatch');
  });
});

describe('journal writer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  function open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-journal-'));
    dirs.push(dir);
    const file = path.join(dir, 'journal.bson');
    const fd = fs.openSync(file, 'w+');
    return { file, writer: new JournalWriter(fd, 0, () => {}) };
  }

  it('writes everything appended in one turn before answering any waiter', async () => {
    const { file, writer } = open();
    const order: string[] = [];
    writer.append(frame({ o: 'i', n: 1 }));
    writer.afterFlush(() => order.push(`first sees ${parseFrames(fs.readFileSync(file)).records.length}`));
    writer.append(frame({ o: 'i', n: 2 }));
    writer.afterFlush(() => order.push(`second sees ${parseFrames(fs.readFileSync(file)).records.length}`), true);
    expect(order).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['first sees 2', 'second sees 2']);
    writer.close();
  });

  it('answers a waiter at once when nothing is pending, unless it asks for a sync', async () => {
    const { writer } = open();
    let plain = false;
    let synced = false;
    writer.afterFlush(() => (plain = true));
    writer.afterFlush(() => (synced = true), true);
    expect(plain).toBe(true);
    expect(synced).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(synced).toBe(true);
    writer.close();
  });
});
