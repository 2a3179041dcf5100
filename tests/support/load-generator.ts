import { spawn } from 'node:child_process';

export interface GeneratorRun {
  /** 2xx answers, shed answers (503), and every answer. */
  ok: number;
  shed: number;
  answers: number;
  /** Wall seconds the generator ran, and the CPU seconds it used itself (user + system). */
  seconds: number;
  /** p99 of every answer's latency, ms. */
  p99: number;
  cpuSeconds: number;
}

// Runs in the child: autocannon against the URL, then one JSON line with its counts and the child's own CPU time.
const CHILD = `
import autocannon from 'autocannon';
const [url, token, connections, pipelining, seconds] = process.argv.slice(1);
const cpu = process.cpuUsage();
const started = performance.now();
const result = await autocannon({
  url,
  connections: Number(connections),
  pipelining: Number(pipelining),
  duration: Number(seconds),
  headers: { authorization: 'Bearer ' + token },
});
const used = process.cpuUsage(cpu);
const codes = result.statusCodeStats ?? {};
const answers = Object.values(codes).reduce((s, c) => s + (c?.count ?? 0), 0);
process.stdout.write(JSON.stringify({
  ok: result['2xx'],
  shed: codes['503']?.count ?? 0,
  answers,
  seconds: (performance.now() - started) / 1000,
  p99: result.latency.p99,
  cpuSeconds: (used.user + used.system) / 1e6,
}) + '\\n');
`;

/**
 * `GET url` from `connections` connections with `pipelining` requests outstanding each, for `seconds`, from a Node
 * process of its own: the generator's CPU is not taken from the node under test's event loop (as it is when autocannon
 * runs in the test's process, where a busy server also slows the load it receives, and the overload eases itself).
 */
export function loadFromChild(
  url: string,
  token: string,
  connections: number,
  pipelining: number,
  seconds: number,
): Promise<GeneratorRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CHILD, url, token, String(connections), String(pipelining), String(seconds)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`load generator exited with ${code}: ${err}`));
      else resolve(JSON.parse(line) as GeneratorRun);
    });
  });
}
