import { MongoClient, type Db } from 'mongodb';

export interface Database {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/**
 * Connections one process keeps to the database, unless MONGO_URL says otherwise (`?maxPoolSize=`). A request that
 * finds every pooled connection busy waits for one to come back rather than for a new one: opening a connection
 * (handshake, and the server's own set-up) took 0.2-1 s on the embedded server under load, and the request that
 * asked for it waited that long (the 1-2 s first answers and the p99 tail of bench part (c), the slow first overload
 * run of part (g)). The driver's default cap of 100 let a burst of 100 requests open that many one by one.
 */
const POOL_SIZE = 20;

/**
 * Connects with the official driver; the same code runs against the embedded server and real MongoDB. `warm`: the
 * pool opens all its connections at start (API nodes in production), so the first burst of traffic finds them open.
 */
export async function connectDatabase(
  url: string,
  options: { dbName?: string; timeoutMs?: number; warm?: boolean } = {},
): Promise<Database> {
  const poolSize = /[?&]maxPoolSize=/i.test(url) ? undefined : POOL_SIZE;
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: options.timeoutMs ?? 5_000,
    connectTimeoutMS: options.timeoutMs ?? 5_000,
    appName: 'commission-warriors',
    ...(poolSize ? { maxPoolSize: poolSize } : {}),
    ...(options.warm && poolSize ? { minPoolSize: poolSize } : {}),
  });
  await client.connect();
  const db = client.db(options.dbName ?? (dbNameFromUrl(url) || 'commission_warriors'));
  await db.command({ ping: 1 });
  return { client, db, close: () => client.close() };
}

function dbNameFromUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
