import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { inject } from 'vitest';

export interface TestDb {
  client: MongoClient;
  db: Db;
  /** 'embedded' when the project's server answers, else a real MongoDB ('external' / 'container'). */
  kind: string;
  close(): Promise<void>;
}

/**
 * A driver connection to whichever MongoDB the integration run uses (TEST_MONGO_URL, a container,
 * or the embedded server) and a database of its own, dropped on close.
 */
export async function openTestDb(prefix: string): Promise<TestDb> {
  const client = new MongoClient(inject('mongoUrl'));
  await client.connect();
  const db = client.db(`${prefix}_${randomBytes(4).toString('hex')}`);
  return {
    client,
    db,
    kind: inject('mongoKind'),
    async close() {
      await db.dropDatabase().catch(() => {});
      await client.close();
    },
  };
}
