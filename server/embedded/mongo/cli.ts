// Standalone server: `node dist/server/embedded/mongo/cli.js --port 27017 --dbpath .data/mongo`.
// Prints exactly one line, `ready mongodb://127.0.0.1:<port>`, once listening.
import { startEmbeddedMongo } from './index.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

const port = Number(argValue('--port') ?? 27017);
const host = argValue('--bind_ip') ?? argValue('--host') ?? '127.0.0.1';
const dbPath = process.argv.includes('--inMemory') ? null : (argValue('--dbpath') ?? '.data/mongo');
const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');

const server = await startEmbeddedMongo({
  port,
  host,
  dbPath,
  log: verbose ? (msg) => process.stderr.write(`[embedded-mongo] ${msg}\n`) : undefined,
}).catch((err: Error) => {
  process.stderr.write(`embedded-mongo: ${err.message}\n`);
  process.exit(1);
});

process.stdout.write(`ready mongodb://${host.includes(':') ? `[${host}]` : host}:${server.port}\n`);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  server.stop().then(
    () => process.exit(0),
    (err: Error) => {
      process.stderr.write(`embedded-mongo: ${err.message}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
