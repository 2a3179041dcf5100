// A small request/answer protocol over the IPC channel of a forked child process, so the suite can drive the
// server under test and the socket clients from outside their event loops.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

interface Request {
  id: number;
  method: string;
  params?: unknown;
}
interface Answer {
  id: number;
  result?: unknown;
  error?: string;
}

export type Handlers = Record<string, (params: never) => unknown>;

/** In the child: answers the parent's calls with these handlers. */
export function serveRpc(handlers: Handlers): void {
  if (!process.send) throw new Error('this script is started by bench/run.ts (it needs an IPC channel)');
  process.on('message', (message: Request) => {
    const handler = handlers[message.method];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown method ${message.method}`);
        return handler(message.params as never);
      })
      .then(
        (result) => process.send!({ id: message.id, result } satisfies Answer),
        (error: Error) => process.send!({ id: message.id, error: error?.stack ?? String(error) } satisfies Answer),
      );
  });
  // The parent's death must not leave a server or thousands of sockets behind.
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
}

export interface RpcChild {
  child: ChildProcess;
  pid: number;
  call<T = unknown>(method: string, params?: unknown, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Forks a TypeScript entry of bench/suite through tsx. `--expose-gc` lets the child settle its heap before a
 * memory figure is read.
 */
export async function forkChild(
  entry: string,
  args: string[] = [],
  options: { env?: NodeJS.ProcessEnv; maxOldSpaceMb?: number } = {},
): Promise<RpcChild> {
  const execArgv = ['--import', 'tsx', '--expose-gc'];
  if (options.maxOldSpaceMb) execArgv.push(`--max-old-space-size=${options.maxOldSpaceMb}`);
  // BENCH_NODE_FLAGS="--flag ...": try V8/Node flags (e.g. heap sizes) on the API node without touching the deployment.
  if (process.env.BENCH_NODE_FLAGS && entry === 'server-node.ts')
    execArgv.push(...process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean));
  // BENCH_CPU_PROF=<dir>: V8 CPU profiles of the processes under test, to see where a figure's time goes.
  if (process.env.BENCH_CPU_PROF && entry === 'server-node.ts')
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  const child = fork(path.resolve(import.meta.dirname, entry), args, {
    execArgv,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  let next = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      for (const { reject } of pending.values()) reject(new Error(`${entry} exited (${code ?? signal})`));
      pending.clear();
      resolve();
    }),
  );
  let ready: () => void = () => {};
  child.on('message', (message: Answer & { ready?: boolean }) => {
    if (message.ready) return ready();
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${entry}: ${message.error}`));
    else waiting.resolve(message.result);
  });
  await new Promise<void>((resolve, reject) => {
    ready = resolve;
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`${entry} ${args.join(' ')} exited before it was ready (${code ?? signal})`)),
    );
  });
  return {
    child,
    pid: child.pid!,
    call<T>(method: string, params?: unknown, timeoutMs = 10 * 60_000) {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${entry}: ${method} did not answer within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        child.send({ id, method, params } satisfies Request);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
