// Entry point of the embedded MongoDB-compatible server used by `npm start`, tests and the CLI.
import { Catalogue } from './storage/catalogue.js';
import { MongoServer } from './wire/server.js';
import { openStorage, type StorageOptions } from './storage/storage.js';

export interface EmbeddedMongo {
  uri: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedMongoOptions {
  port?: number;
  host?: string;
  /** Directory for the journal and snapshot; null/undefined keeps everything in memory. */
  dbPath?: string | null;
  log?: (msg: string) => void;
  /** Seconds between TTL sweeps (default 60, like mongod; also settable via setParameter). */
  ttlMonitorSleepSecs?: number;
  /** Persistence tuning (compaction threshold); mostly for tests and benchmarks. */
  storage?: Partial<StorageOptions>;
}

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => {});
  const catalogue = new Catalogue();
  const storage = opts.dbPath ? await openStorage(opts.dbPath, catalogue, { ...opts.storage, log }) : undefined;
  const server = new MongoServer({
    host,
    port: opts.port ?? 0,
    catalogue,
    durability: storage,
    ttlMonitorSleepSecs: opts.ttlMonitorSleepSecs,
    log,
  });
  let port: number;
  try {
    port = await server.listen();
  } catch (err) {
    await storage?.close();
    throw err;
  }
  const uriHost = host.includes(':') ? `[${host}]` : host;
  log(`listening on ${uriHost}:${port}${opts.dbPath ? ` (data in ${opts.dbPath})` : ' (in memory)'}`);
  let stopped: Promise<void> | undefined;
  return {
    uri: `mongodb://${uriHost}:${port}/?directConnection=true`,
    port,
    stop() {
      stopped ??= (async () => {
        await server.close();
        await storage?.close();
      })();
      return stopped;
    },
  };
}
