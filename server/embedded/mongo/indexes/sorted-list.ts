// A sorted list of index entries kept in bounded chunks (the idea of Python's sortedcontainers):
// insert/remove cost O(log n + CHUNK) instead of shifting one big array, and range scans walk
// chunks in order in either direction.

export interface Entry {
  /** Order-preserving encoding of the index key (see key-encoding.ts). */
  key: string;
  /** Record id of the document inside its collection. */
  rid: number;
}

const CHUNK = 512;

function cmp(a: Entry, b: Entry): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : a.rid - b.rid;
}

export class SortedList {
  private chunks: Entry[][] = [];
  /** Last entry of each chunk; binary-searched to find the chunk an entry belongs to. */
  private maxes: Entry[] = [];
  size = 0;
  /** Bumped on every change so suspended range scans know to re-seek. */
  private version = 0;

  clear(): void {
    this.chunks = [];
    this.maxes = [];
    this.size = 0;
    this.version++;
  }

  /** Builds from entries in any order (bulk load after a restart or a new index). */
  load(entries: Entry[]): void {
    entries.sort(cmp);
    this.chunks = [];
    for (let i = 0; i < entries.length; i += CHUNK) this.chunks.push(entries.slice(i, i + CHUNK));
    this.maxes = this.chunks.map((c) => c[c.length - 1]);
    this.size = entries.length;
    this.version++;
  }

  /** Index of the first chunk whose max >= probe (chunks.length if none). */
  private chunkFor(probe: Entry): number {
    let lo = 0;
    let hi = this.maxes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(this.maxes[mid], probe) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private static position(chunk: Entry[], probe: Entry): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(chunk[mid], probe) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(entry: Entry): void {
    this.size++;
    this.version++;
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      this.maxes.push(entry);
      return;
    }
    let ci = this.chunkFor(entry);
    if (ci === this.chunks.length) ci--;
    const chunk = this.chunks[ci];
    chunk.splice(SortedList.position(chunk, entry), 0, entry);
    this.maxes[ci] = chunk[chunk.length - 1];
    if (chunk.length > CHUNK * 2) {
      const tail = chunk.splice(CHUNK);
      this.chunks.splice(ci + 1, 0, tail);
      this.maxes.splice(ci, 1, chunk[chunk.length - 1], tail[tail.length - 1]);
    }
  }

  remove(entry: Entry): boolean {
    const ci = this.chunkFor(entry);
    if (ci === this.chunks.length) return false;
    const chunk = this.chunks[ci];
    const i = SortedList.position(chunk, entry);
    if (i >= chunk.length || cmp(chunk[i], entry) !== 0) return false;
    chunk.splice(i, 1);
    this.size--;
    this.version++;
    if (chunk.length === 0) {
      this.chunks.splice(ci, 1);
      this.maxes.splice(ci, 1);
    } else {
      this.maxes[ci] = chunk[chunk.length - 1];
    }
    return true;
  }

  /** Record id of another entry with exactly this key, if any (unique-index check). */
  otherWithKey(key: string, rid: number): number | undefined {
    for (const e of this.range(key, key + '\u0000', false)) {
      if (e.key !== key) break;
      if (e.rid !== rid) return e.rid;
    }
    return undefined;
  }

  /**
   * Entries with lo <= key < hi, ascending (or descending when reverse). Safe across writes made
   * while the generator is suspended (a cursor between batches): it re-seeks after the last entry.
   */
  *range(lo: string, hi: string, reverse: boolean): Generator<Entry> {
    if (!(lo < hi)) return;
    let last: Entry | undefined;
    for (;;) {
      const version = this.version;
      let resumed = false;
      for (const e of this.walk(lo, hi, reverse, last)) {
        last = e;
        yield e;
        if (this.version !== version) {
          resumed = true;
          break;
        }
      }
      if (!resumed) return;
    }
  }

  private *walk(lo: string, hi: string, reverse: boolean, after?: Entry): Generator<Entry> {
    if (this.size === 0) return;
    if (!reverse) {
      const probe = after ?? { key: lo, rid: -Infinity };
      let ci = this.chunkFor(probe);
      if (ci === this.chunks.length) return;
      let i = SortedList.position(this.chunks[ci], probe);
      if (after && i < this.chunks[ci].length && cmp(this.chunks[ci][i], after) === 0) i++;
      for (; ci < this.chunks.length; ci++, i = 0) {
        const chunk = this.chunks[ci];
        for (; i < chunk.length; i++) {
          const e = chunk[i];
          if (e.key >= hi) return;
          yield e;
        }
      }
    } else {
      const probe = after ?? { key: hi, rid: -Infinity };
      let ci = this.chunkFor(probe);
      let i: number;
      if (ci === this.chunks.length) {
        ci--;
        i = this.chunks[ci].length - 1;
      } else {
        i = SortedList.position(this.chunks[ci], probe) - 1;
      }
      for (; ci >= 0; ci--) {
        const chunk = this.chunks[ci];
        if (i === -2) i = chunk.length - 1;
        for (; i >= 0; i--) {
          const e = chunk[i];
          if (e.key < lo) return;
          yield e;
        }
        i = -2;
      }
    }
  }
}
