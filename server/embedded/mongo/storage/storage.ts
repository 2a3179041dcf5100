// Persistence for one dbPath: load snapshot + replay journal at start, journal every change, and
// compact (new snapshot, then a journal of only what came after it) when the journal grows large.
//
// Files: snapshot.bson (framed records: hdr, catalogue, documents, end), journal.bson (framed
// records: hdr, then changes), mongod.lock. Both files carry a generation number in their header.
//
// Compaction runs beside the server rather than stopping it (a whole-catalogue snapshot written in one go held the
// event loop for 0.8-1.7 s at 70-200 MB, growing through the day). It first appends a marker (`hdr` of the new
// generation) to the journal, then writes the documents a slice at a time while writes go on. The snapshot is
// therefore fuzzy: each document is as it was at some moment after the marker. Journal records are whole documents
// (or removals by id), so replaying every record after the marker over such a snapshot ends in exactly the state
// the server had; that is why the journal is then cut to the records after the marker. A journal whose header is
// older than the snapshot is read from the snapshot's marker on (a crash between the snapshot's rename and the
// journal's swap); one without that marker was folded into the snapshot already and is ignored.
import fs from 'node:fs';
import path from 'node:path';
import type { UUID } from 'bson';
import type { Catalogue } from './catalogue.js';
import type { ChangeSink } from './collection.js';
import type { Doc } from '../common/documents.js';
import { MongoCommandError } from '../common/errors.js';
import type { IndexSpec } from '../indexes/index-store.js';
import { JournalWriter, frame, scanFrames } from './journal.js';
import { lockDir, type DirLock } from './lock-file.js';
import type { Durability } from '../wire/server.js';

export interface StorageOptions {
  /** Compact once the journal is at least this large (and larger than half the snapshot). */
  compactBytes: number;
  /** fsync the journal this often, bounding loss on an OS crash (a process crash loses nothing). */
  fsyncIntervalMs: number;
  log: (msg: string) => void;
}

const DEFAULTS = { compactBytes: 64 * 1024 * 1024, fsyncIntervalMs: 1000 };
const SNAPSHOT = 'snapshot.bson';
const SNAPSHOT_TMP = 'snapshot.tmp';
const JOURNAL = 'journal.bson';
const JOURNAL_TMP = 'journal.tmp';
const FORMAT = 1;
/** Snapshot bytes serialised per event-loop turn: a few milliseconds of work, then other requests get their turn. */
const SNAPSHOT_SLICE_BYTES = 1024 * 1024;

function readIfExists(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Applies one journal/snapshot record to the catalogue. Replaying a record twice is harmless. */
export function applyRecord(catalogue: Catalogue, r: Doc): void {
  const d = r.d as string;
  const c = r.c as string;
  switch (r.o) {
    case 'cc':
      if (!catalogue.get(d, c)) catalogue.create(d, c, (r.options as Doc) ?? {}, r.uuid as UUID);
      return;
    case 'co': {
      const coll = catalogue.get(d, c);
      if (coll) catalogue.setOptions(coll, (r.options as Doc) ?? {});
      return;
    }
    case 'dc':
      catalogue.drop(d, c);
      return;
    case 'dd':
      catalogue.dropDatabase(d);
      return;
    case 'mv':
      if (catalogue.get(d, c)) catalogue.rename(d, c, r.td as string, r.tc as string, true);
      return;
    case 'ci': {
      const coll = catalogue.getOrCreate(d, c);
      const spec = r.spec as IndexSpec;
      if (coll.indexes.has(spec.name)) coll.dropIndex(spec.name);
      coll.addIndex(spec);
      return;
    }
    case 'di':
      catalogue.get(d, c)?.dropIndex(r.name as string);
      return;
    case 'i':
    case 'u': {
      const coll = catalogue.getOrCreate(d, c);
      const doc = r.doc as Doc;
      const rid = coll.ridForId(doc._id);
      if (rid === undefined) coll.insert(doc);
      else coll.replace(rid, doc);
      return;
    }
    case 'r': {
      const coll = catalogue.get(d, c);
      const rid = coll?.ridForId(r.id);
      if (coll && rid !== undefined) coll.remove(rid);
      return;
    }
    case 'hdr':
    case 'end':
      return;
    default:
      throw new Error(`unknown record type ${String(r.o)}`);
  }
}

export class Storage implements Durability, ChangeSink {
  private writer!: JournalWriter;
  /** The snapshot's generation. */
  private gen = 0;
  /** The highest generation ever written: a compaction cut short leaves its marker, which no later one may reuse. */
  private lastGen = 0;
  private snapshotSize = 0;
  private fsyncTimer?: NodeJS.Timeout;
  private compaction?: Promise<void>;
  private closed = false;
  /** Where the intact journal ends, found by replay and used to reopen it for appending. */
  private journalState = { keepBytes: 0, length: 0 };

  constructor(
    private readonly dir: string,
    private readonly catalogue: Catalogue,
    private readonly opts: StorageOptions,
    private readonly lock: DirLock,
  ) {}

  private file(name: string): string {
    return path.join(this.dir, name);
  }

  load(): void {
    const started = Date.now();
    // CPU time too: on a busy machine the wall time says more about the neighbours than the load.
    const cpu = process.cpuUsage();
    fs.rmSync(this.file(SNAPSHOT_TMP), { force: true });
    fs.rmSync(this.file(JOURNAL_TMP), { force: true });
    this.catalogue.bulkLoading = true;
    let counts: { docs: number; replayed: number };
    try {
      counts = this.replay();
    } finally {
      this.catalogue.bulkLoading = false;
    }
    for (const coll of this.catalogue.allCollections()) {
      for (const name of coll.finishBulkLoad()) {
        this.opts.log(
          `${coll.ns}: unique index ${name} found duplicate keys while rebuilding; the duplicates are left out of it`,
        );
      }
    }
    this.openJournal();
    const used = process.cpuUsage(cpu);
    this.opts.log(
      `loaded ${counts.docs} snapshot record(s) and replayed ${counts.replayed} journal record(s) in ${Date.now() - started} ms ` +
        `(CPU ${Math.round((used.user + used.system) / 1000)} ms)`,
    );
  }

  /** Applies the snapshot, then the journal records that belong to it, as they are read. */
  private replay(): { docs: number; replayed: number } {
    const snapshot = readIfExists(this.file(SNAPSHOT));
    let docs = 0;
    if (snapshot) {
      let last: Doc | undefined;
      const scan = scanFrames(snapshot, (r) => {
        if (!last && r.o !== 'hdr') throw new Error(`snapshot ${this.file(SNAPSHOT)} has no header; refusing to start`);
        if (r.o === 'hdr') this.gen = this.lastGen = Number(r.gen);
        applyRecord(this.catalogue, r);
        last = r;
      });
      if (scan.problem || last?.o !== 'end') {
        // A snapshot only becomes visible through an atomic rename after fsync: damage here is not
        // a crash artefact, and guessing would lose data silently.
        throw new Error(
          `snapshot ${this.file(SNAPSHOT)} is damaged (${scan.problem ?? 'missing end marker'}); refusing to start`,
        );
      }
      this.snapshotSize = snapshot.length;
      docs = scan.count - 2;
    }
    const journalPath = this.file(JOURNAL);
    const journal = readIfExists(journalPath);
    let replayed = 0;
    let keepBytes = 0;
    if (journal && journal.length) {
      let state = 'header' as 'header' | 'apply' | 'stale';
      const scan = scanFrames(journal, (r) => {
        if (r.o === 'hdr') this.lastGen = Math.max(this.lastGen, Number(r.gen));
        if (state === 'apply') {
          try {
            applyRecord(this.catalogue, r);
          } catch (err) {
            const why = err instanceof MongoCommandError ? err.message : String(err);
            this.opts.log(`journal record skipped during replay: ${why}`);
          }
          replayed++;
        } else if (state === 'header') {
          if (r.o === 'hdr' && Number(r.gen) === this.gen) state = 'apply';
          else if (r.o === 'hdr' && Number(r.gen) < this.gen) state = 'stale';
          else
            throw new Error(
              `journal ${journalPath} does not belong to snapshot generation ${this.gen}; refusing to start`,
            );
        } else if (r.o === 'hdr' && Number(r.gen) === this.gen) {
          // The snapshot's marker in an older journal: what follows it was written while the snapshot was.
          state = 'apply';
        }
      });
      if (state === 'apply') {
        keepBytes = scan.validEnd;
        if (scan.problem)
          this.opts.log(`journal: dropped a torn tail at byte ${scan.validEnd} of ${journal.length} (${scan.problem})`);
      } else if (state === 'stale') {
        this.opts.log('journal: older than the snapshot (already compacted), discarding');
      } else {
        this.opts.log(`journal: unreadable header (${scan.problem}), starting it afresh`);
      }
    }
    this.journalState = { keepBytes, length: journal?.length ?? 0 };
    return { docs, replayed };
  }

  /** Opens the journal for appending, cutting off a torn tail, and starts the periodic fsync. */
  private openJournal(): void {
    const journalPath = this.file(JOURNAL);
    const { keepBytes, length } = this.journalState;
    const fd = fs.openSync(journalPath, fs.existsSync(journalPath) ? 'r+' : 'w+');
    this.writer = new JournalWriter(fd, keepBytes, () => this.maybeCompact());
    if (keepBytes === 0) this.writer.reset(frame({ o: 'hdr', gen: this.gen, v: FORMAT }));
    else if (keepBytes < length) {
      fs.ftruncateSync(fd, keepBytes);
      fs.fsyncSync(fd);
    }
    this.catalogue.setSink(this);
    this.fsyncTimer = setInterval(() => this.writer.fsyncInBackground(), this.opts.fsyncIntervalMs);
    this.fsyncTimer.unref();
  }

  write(record: Doc): void {
    this.writer.append(frame(record));
  }

  afterFlush(cb: (err?: Error) => void, sync = false): void {
    this.writer.afterFlush((err) => {
      if (err) this.opts.log(`journal write failed: ${err.message}`);
      cb(err);
    }, sync);
  }

  private maybeCompact(): void {
    if (this.compaction || this.closed) return;
    if (this.writer.size < this.opts.compactBytes || this.writer.size < this.snapshotSize / 2) return;
    // Started on the next microtask: compact() flushes the journal, which calls back here before the field is set.
    this.compaction = Promise.resolve()
      .then(() => this.compact())
      .catch((err: Error) => this.opts.log(`compaction failed: ${err.message}`))
      .finally(() => (this.compaction = undefined));
  }

  /**
   * Writes a new snapshot of the whole catalogue while the server goes on, then cuts the journal to what was written
   * meanwhile. Resolves without a new snapshot if the storage closes first.
   */
  private async compact(): Promise<void> {
    const started = Date.now();
    const gen = this.lastGen + 1;
    this.lastGen = gen;
    // The marker must be on disk before any document of the new snapshot, or a snapshot could exist whose journal
    // records were lost with the page cache.
    this.writer.append(frame({ o: 'hdr', gen, v: FORMAT }));
    const failed = this.writer.flush();
    if (failed) throw new Error(`the journal marker could not be written: ${failed.message}`);
    await this.writer.syncWritten();
    const tailStart = this.writer.size;
    this.opts.log(`compacting: writing the snapshot of generation ${gen} while the server goes on`);
    const tmp = this.file(SNAPSHOT_TMP);
    const written = await this.writeSnapshot(tmp, gen);
    if (!written) {
      await fs.promises.rm(tmp, { force: true });
      return;
    }
    fs.renameSync(tmp, this.file(SNAPSHOT));
    this.fsyncDir();
    this.gen = gen;
    this.snapshotSize = written.size;
    if (!(await this.swapJournal(gen, tailStart))) return;
    this.opts.log(
      `compacted into a ${written.size}-byte snapshot in ${Date.now() - started} ms ` +
        `(its slices held the event loop ${written.longestSliceMs} ms at most)`,
    );
  }

  /** The snapshot file, a slice at a time; null if the storage closed meanwhile. */
  private async writeSnapshot(tmp: string, gen: number): Promise<{ size: number; longestSliceMs: number } | null> {
    const file = await fs.promises.open(tmp, 'w');
    let size = 0;
    let longestSliceMs = 0;
    try {
      let slice: Buffer[] = [];
      let sliceBytes = 0;
      let sliceStarted = Date.now();
      const put = (record: Doc) => {
        const b = frame(record);
        slice.push(b);
        sliceBytes += b.length;
      };
      const drain = async () => {
        const data = Buffer.concat(slice);
        longestSliceMs = Math.max(longestSliceMs, Date.now() - sliceStarted);
        slice = [];
        sliceBytes = 0;
        for (let at = 0; at < data.length;) at += (await file.write(data, at)).bytesWritten;
        size += data.length;
        sliceStarted = Date.now();
        return !this.closed;
      };
      put({ o: 'hdr', gen, v: FORMAT });
      // The list is taken now; a collection made later is in the journal after the marker.
      for (const coll of [...this.catalogue.allCollections()]) {
        // Named as it is now: a rename later is a journal record after the marker, replayed over this.
        const d = coll.db;
        const c = coll.name;
        put({ o: 'cc', d, c, options: coll.options, uuid: coll.uuid });
        for (const index of coll.indexes.values()) {
          if (index.name !== '_id_') put({ o: 'ci', d, c, spec: index.spec });
        }
        // A Map's iterator survives changes: a document removed before it is reached is skipped, a newer version of
        // one is read as it is then, and either way the journal after the marker has the change.
        for (const doc of coll.records.values()) {
          put({ o: 'i', d, c, doc });
          if (sliceBytes >= SNAPSHOT_SLICE_BYTES && !(await drain())) return null;
        }
      }
      put({ o: 'end' });
      if (!(await drain())) return null;
      await file.sync();
    } finally {
      await file.close();
    }
    return { size, longestSliceMs };
  }

  /**
   * Replaces the journal with one of generation `gen` holding the records from `tailStart` on (those written while
   * the snapshot was), through a file of its own and a rename, so a crash leaves one whole journal or the other.
   * Writes go on meanwhile: the tail is copied in rounds while it is large, and only the last small remainder with
   * the event loop held, so no write lands between the copy and the swap.
   */
  private async swapJournal(gen: number, tailStart: number): Promise<boolean> {
    const journalPath = this.file(JOURNAL);
    const tmp = this.file(JOURNAL_TMP);
    const header = frame({ o: 'hdr', gen, v: FORMAT });
    const source = await fs.promises.open(journalPath, 'r');
    const target = await fs.promises.open(tmp, 'w+');
    try {
      let size = header.length;
      let copied = tailStart;
      await target.write(header, 0, header.length, 0);
      // Bounded, should writes ever come faster than the copy: the remainder is then copied whatever its size.
      for (let round = 0; round < 100 && this.writer.size - copied > SNAPSHOT_SLICE_BYTES; round++) {
        const chunk = Buffer.allocUnsafe(Math.min(this.writer.size - copied, 16 * SNAPSHOT_SLICE_BYTES));
        const { bytesRead } = await source.read(chunk, 0, chunk.length, copied);
        await target.write(chunk, 0, bytesRead, size);
        copied += bytesRead;
        size += bytesRead;
        if (this.closed) {
          await fs.promises.rm(tmp, { force: true });
          return false;
        }
      }
      await target.sync();
      // From here to the swap nothing yields: the remainder is small, and no write may land between copy and swap.
      this.writer.flush();
      const rest = Buffer.allocUnsafe(this.writer.size - copied);
      for (let at = 0; at < rest.length;) at += fs.readSync(source.fd, rest, at, rest.length - at, copied + at);
      for (let at = 0; at < rest.length;) at += fs.writeSync(target.fd, rest, at, rest.length - at, size + at);
      size += rest.length;
      fs.fsyncSync(target.fd);
      fs.renameSync(tmp, journalPath);
      this.fsyncDir();
      this.writer.replaceFile(fs.openSync(journalPath, 'r+'), size);
      return true;
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  }

  private fsyncDir(): void {
    try {
      const fd = fs.openSync(this.dir, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      // not supported on every platform; the rename itself is still atomic
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.fsyncTimer) clearInterval(this.fsyncTimer);
    // A running compaction gives up at its next slice; the journal it would have cut is still whole.
    await this.compaction;
    this.writer.close();
    this.lock.release();
  }
}

export async function openStorage(
  dir: string,
  catalogue: Catalogue,
  opts: Partial<StorageOptions> & { log: (msg: string) => void },
): Promise<Storage> {
  fs.mkdirSync(dir, { recursive: true });
  const lock = lockDir(dir);
  const storage = new Storage(dir, catalogue, { ...DEFAULTS, ...opts }, lock);
  try {
    storage.load();
  } catch (err) {
    lock.release();
    throw err;
  }
  return storage;
}
