// `mongod.lock` in the data directory: one process (and one server in it) per dbPath.
import fs from 'node:fs';
import path from 'node:path';

const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirLock {
  release(): void;
}

export function lockDir(dir: string): DirLock {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, 'mongod.lock');
  if (heldHere.has(resolved)) throw new Error(`dbPath ${resolved} is already in use by this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      heldHere.add(resolved);
      return {
        release() {
          heldHere.delete(resolved);
          try {
            fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(`dbPath ${resolved} is in use by process ${pid} (${file})`, { cause: err });
      }
      // Left behind by a process that died (or by this one, without a live holder): take it over.
      fs.unlinkSync(file);
    }
  }
  throw new Error(`could not lock ${file}`);
}
