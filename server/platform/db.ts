import { MongoClient, type Db } from 'mongodb';

export interface Database {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/** Connects with the official driver; the same code runs against the embedded server and real MongoDB. */
export async function connectDatabase(url: string, options: { dbName?: string; timeoutMs?: number } = {}): Promise<Database> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: options.timeoutMs ?? 5_000,
    connectTimeoutMS: options.timeoutMs ?? 5_000,
    appName: 'commission-warriors',
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
