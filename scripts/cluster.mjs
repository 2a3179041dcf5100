// `npm run cluster`: the production shape on one machine without Docker, as docker-compose.yml runs it:
// one standalone embedded MongoDB-compatible server, one redis-server (AOF on), 2 API nodes and 2 worker
// processes sharing them. Each API node serves the client too, and sockets use websockets only, so a browser
// needs no sticky proxy. Ctrl-C stops everything.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

execFileSync(process.execPath, ['scripts/ensure-system.mjs'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });

const dataDir = path.resolve(process.env.DATA_DIR || '.data', 'cluster');
const apiPorts = (process.env.CLUSTER_PORTS || '3001,3002').split(',').map(Number);
const workerCount = Number(process.env.CLUSTER_WORKERS || 2);
const children = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function start(name, command, args, env = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) if (line.trim()) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping the cluster.`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

function waitForLine(child, pattern, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 30 s`)), 30_000);
    child.stdout.on('data', (chunk) => {
      const match = String(chunk).match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
  });
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // API nodes and workers first, the databases last, so nothing loses its backend while draining.
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

mkdirSync(path.join(dataDir, 'mongo'), { recursive: true });
mkdirSync(path.join(dataDir, 'redis'), { recursive: true });

const mongoPort = await freePort();
const mongo = start('mongo', process.execPath, [
  'dist/server/embedded/mongo/cli.js',
  '--port',
  String(mongoPort),
  '--dbpath',
  path.join(dataDir, 'mongo'),
]);
const [, mongoUri] = await waitForLine(mongo, /ready (mongodb:\/\/\S+)/, 'the embedded MongoDB-compatible server');

const redisPort = await freePort();
const redis = start('redis', 'redis-server', [
  '--port',
  String(redisPort),
  '--bind',
  '127.0.0.1',
  '--dir',
  path.join(dataDir, 'redis'),
  '--appendonly',
  'yes',
  '--appendfsync',
  'everysec',
  '--maxmemory-policy',
  'noeviction',
]);
await waitForLine(redis, /Ready to accept connections/, 'redis-server');

const shared = {
  MONGO_URL: `${mongoUri}/commission_warriors?directConnection=true`,
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  DATA_DIR: dataDir,
};
const apis = apiPorts.map((port, i) =>
  start(`api-${i + 1}`, process.execPath, ['--enable-source-maps', 'dist/server/api.js'], {
    ...shared,
    PORT: String(port),
    WORKERS: 'off',
    // One node seeds the demo data (idempotent) so the cluster is usable at once.
    SEED_DEMO: i === 0 ? 'on' : 'off',
  }),
);
for (let i = 0; i < workerCount; i++)
  start(`worker-${i + 1}`, process.execPath, ['--enable-source-maps', 'dist/workers/main.js'], shared);
await Promise.all(apis.map((api, i) => waitForLine(api, /API listening at/, `API node ${i + 1}`)));

console.log(
  [
    '',
    'Commission Warriors cluster is running:',
    ...apiPorts.map((port, i) => `  API node ${i + 1}: http://localhost:${port}`),
    `  workers: ${workerCount}`,
    `  MongoDB (embedded, standalone): ${mongoUri}`,
    `  Redis: redis://127.0.0.1:${redisPort}`,
    'Ctrl-C stops everything.',
  ].join('\n'),
);
