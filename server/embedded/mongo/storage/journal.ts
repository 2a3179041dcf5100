// Record framing shared by the journal and the snapshot, and the append-only journal writer.
//
// Frame: [u32 LE body length][u32 LE CRC-32 of body][body: one BSON document]
// A reader stops at the first frame that is short, has an impossible length, a wrong checksum or
// an unparsable body: everything before it is intact, everything from it on is a torn tail.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { BSON } from 'bson';
import type { Doc } from '../common/documents.js';
import { DESERIALIZE_OPTIONS } from '../wire/wire.js';

export const FRAME_HEADER = 8;
const MAX_RECORD = 64 * 1024 * 1024;

export function frame(record: Doc): Buffer {
  const body = BSON.serialize(record);
  const out = Buffer.allocUnsafe(FRAME_HEADER + body.length);
  out.writeUInt32LE(body.length, 0);
  out.writeUInt32LE(zlib.crc32(body), 4);
  out.set(body, FRAME_HEADER);
  return out;
}

export interface ParsedFrames {
  records: Doc[];
  /** Offset just past the last intact frame. */
  validEnd: number;
  /** Why reading stopped early, if it did. */
  problem?: string;
}

export interface FrameScan {
  count: number;
  /** Offset just past the last intact frame. */
  validEnd: number;
  /** Why reading stopped early, if it did. */
  problem?: string;
}

/** Hands each intact record to `visit` in order, stopping at the first damaged frame. */
export function scanFrames(buf: Buffer, visit: (record: Doc) => void): FrameScan {
  let count = 0;
  let offset = 0;
  while (offset < buf.length) {
    if (buf.length - offset < FRAME_HEADER) return { count, validEnd: offset, problem: 'truncated frame header' };
    const length = buf.readUInt32LE(offset);
    const crc = buf.readUInt32LE(offset + 4);
    if (length < 5 || length > MAX_RECORD)
      return { count, validEnd: offset, problem: `impossible record length ${length}` };
    const end = offset + FRAME_HEADER + length;
    if (end > buf.length) return { count, validEnd: offset, problem: 'truncated record' };
    const body = buf.subarray(offset + FRAME_HEADER, end);
    if (zlib.crc32(body) !== crc) return { count, validEnd: offset, problem: 'checksum mismatch' };
    let record: Doc;
    try {
      // A private copy, so binary values in the record don't keep the whole file in memory.
      record = BSON.deserialize(Buffer.from(body), DESERIALIZE_OPTIONS);
    } catch (err) {
      return { count, validEnd: offset, problem: `unreadable record: ${(err as Error).message}` };
    }
    visit(record);
    count++;
    offset = end;
  }
  return { count, validEnd: offset };
}

export function parseFrames(buf: Buffer): ParsedFrames {
  const records: Doc[] = [];
  const { validEnd, problem } = scanFrames(buf, (r) => records.push(r));
  return problem === undefined ? { records, validEnd } : { records, validEnd, problem };
}

/**
 * Appends frames to the journal file. Writes made during one event-loop turn are grouped into a
 * single write() that happens before any of their replies is sent: once write() returns, the
 * data is in the OS page cache and survives the process being killed. A waiter that asks for
 * `sync` (writeConcern j:true, the fsync command) also waits for fdatasync, which covers every
 * write grouped with it.
 */
export class JournalWriter {
  private pending: Buffer[] = [];
  private waiters: Array<(err?: Error) => void> = [];
  private syncRequested = false;
  private scheduled = false;
  size: number;

  constructor(
    private fd: number,
    size: number,
    private readonly onFlushed: () => void,
  ) {
    this.size = size;
  }

  append(buf: Buffer): void {
    this.pending.push(buf);
    this.schedule();
  }

  afterFlush(cb: (err?: Error) => void, sync = false): void {
    if (this.pending.length === 0 && !sync) {
      cb();
      return;
    }
    this.waiters.push(cb);
    if (sync) this.syncRequested = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Writes what is pending; returns the error the waiters were given, if the write failed. */
  flush(): Error | undefined {
    this.scheduled = false;
    const pending = this.pending;
    const waiters = this.waiters;
    const sync = this.syncRequested;
    this.pending = [];
    this.waiters = [];
    this.syncRequested = false;
    let error: Error | undefined;
    try {
      if (pending.length) {
        const data = pending.length === 1 ? pending[0] : Buffer.concat(pending);
        let written = 0;
        while (written < data.length)
          written += fs.writeSync(this.fd, data, written, data.length - written, this.size + written);
        this.size += data.length;
      }
      if (sync) fs.fdatasyncSync(this.fd);
    } catch (err) {
      error = err as Error;
    }
    for (const w of waiters) w(error);
    if (!error) this.onFlushed();
    return error;
  }

  /** Appends to `fd` from now on (a journal swapped in by a compaction); the old file is closed. */
  replaceFile(fd: number, size: number): void {
    this.flush();
    fs.closeSync(this.fd);
    this.fd = fd;
    this.size = size;
  }

  /** Replaces the file content with `header` (a new journal after the old one was found stale or unreadable). */
  reset(header: Buffer): void {
    fs.ftruncateSync(this.fd, 0);
    fs.writeSync(this.fd, header, 0, header.length, 0);
    fs.fsyncSync(this.fd);
    this.size = header.length;
  }

  /** An fsync issued now, on the thread pool: everything written so far is on disk when it resolves. */
  syncWritten(): Promise<void> {
    return new Promise((resolve, reject) => fs.fsync(this.fd, (err) => (err ? reject(err) : resolve())));
  }

  private backgroundSyncing = false;

  /**
   * fsync on the thread pool: the periodic bound on what an operating-system crash can lose need not hold the event
   * loop (beside a snapshot being written, an fsync on the event loop can wait long for the disk). One at a time; an
   * error, such as a descriptor closed meanwhile, is ignored: the next one tries again.
   */
  fsyncInBackground(): void {
    if (this.backgroundSyncing) return;
    this.backgroundSyncing = true;
    fs.fsync(this.fd, () => (this.backgroundSyncing = false));
  }

  close(): void {
    this.flush();
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
  }
}
