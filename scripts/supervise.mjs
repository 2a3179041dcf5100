// Runs `node <args>` as a supervised child: signals to this process are passed on, its exit code is the child's, and
// the child is given an IPC channel whose closing tells it this process is gone. SIGKILL cannot be caught or passed
// on, but the kernel closes the channel of a killed process, so the app (server/entry.ts) stops itself and takes its
// redis-server and embedded MongoDB with it instead of living on unsupervised.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function supervise(args) {
  const child = spawn(process.execPath, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) supervise(process.argv.slice(2));
