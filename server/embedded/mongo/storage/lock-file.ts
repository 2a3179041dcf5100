// `mongod.lock` in the data directory: one process (and one server in it) per dbPath.
import fs from 'node:fs';
import path from 'node:path';

const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !exited(pid);
}

/**
 * A killed process stays in the process table as a zombie until its parent reaps it, and signal 0 still reaches
 * it: without this, a restart right after a SIGKILL would take the dead holder for alive.
 */
function exited(pid: number): boolean {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // Gone since the signal; or no procfs (not Linux), where signal 0 is all there is to go on.
    return fs.existsSync('/proc/self/stat');
  }
  // The state follows the command name, which is in parentheses and may itself contain spaces or parentheses.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
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
