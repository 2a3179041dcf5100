// Persistence for one dbPath: load snapshot + replay journal at start, journal every change, and
// compact (new snapshot, then an empty journal) when the journal grows large.
//
// Files: snapshot.bson (framed records: hdr, catalogue, documents, end), journal.bson (framed
// records: hdr, then changes), mongod.lock. Both files carry a generation number in their header;
// a journal older than the snapshot was already folded into it (a crash between the snapshot's
// rename and the journal's reset) and is ignored.
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
const FORMAT = 1;

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
  private gen = 0;
  private snapshotSize = 0;
  private fsyncTimer?: NodeJS.Timeout;
  private compacting = false;
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
        if (r.o === 'hdr') this.gen = Number(r.gen);
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
    this.fsyncTimer = setInterval(() => {
      try {
        this.writer.fsync();
      } catch {
        // closed underneath us during shutdown
      }
    }, this.opts.fsyncIntervalMs);
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
    if (this.compacting || this.closed) return;
    if (this.writer.size < this.opts.compactBytes || this.writer.size < this.snapshotSize / 2) return;
    this.compacting = true;
    setImmediate(() => {
      try {
        if (!this.closed) this.compact();
      } catch (err) {
        this.opts.log(`compaction failed: ${(err as Error).message}`);
      } finally {
        this.compacting = false;
      }
    });
  }

  /** Writes a new snapshot of the whole catalogue, then starts an empty journal. */
  compact(): void {
    const started = Date.now();
    this.writer.flush();
    const gen = this.gen + 1;
    const tmp = this.file(SNAPSHOT_TMP);
    const fd = fs.openSync(tmp, 'w');
    let size = 0;
    try {
      let chunk: Buffer[] = [];
      let chunkBytes = 0;
      const put = (record: Doc) => {
        const b = frame(record);
        chunk.push(b);
        chunkBytes += b.length;
        if (chunkBytes >= 4 * 1024 * 1024) drain();
      };
      const drain = () => {
        const data = Buffer.concat(chunk);
        let written = 0;
        while (written < data.length) written += fs.writeSync(fd, data, written);
        size += data.length;
        chunk = [];
        chunkBytes = 0;
      };
      put({ o: 'hdr', gen, v: FORMAT });
      for (const coll of this.catalogue.allCollections()) {
        put({ o: 'cc', d: coll.db, c: coll.name, options: coll.options, uuid: coll.uuid });
        for (const index of coll.indexes.values()) {
          if (index.name !== '_id_') put({ o: 'ci', d: coll.db, c: coll.name, spec: index.spec });
        }
        for (const doc of coll.records.values()) put({ o: 'i', d: coll.db, c: coll.name, doc });
      }
      put({ o: 'end' });
      drain();
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file(SNAPSHOT));
    this.fsyncDir();
    this.gen = gen;
    this.snapshotSize = size;
    this.writer.reset(frame({ o: 'hdr', gen, v: FORMAT }));
    this.opts.log(`compacted into a ${size}-byte snapshot in ${Date.now() - started} ms`);
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
