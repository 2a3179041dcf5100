import { execFileSync } from 'node:child_process';
import { MongoClient } from 'mongodb';
import { startLocalRedis } from '../../server/platform/local-redis.js';
import { startEmbeddedMongo } from '../../server/embedded/mongo/index.js';

export interface Backends {
  mongoUrl: string;
  redisUrl: string;
  /** Which engine answers, for messages and for tests that only make sense on one of them. */
  mongoKind: 'external' | 'container' | 'embedded';
  redisKind: 'external' | 'container' | 'local';
  stop(): Promise<void>;
}

function dockerAnswers(): boolean {
  if (process.env.TEST_NO_DOCKER === '1') return false;
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Tests run on clocks set to fixed days in the past, so the background TTL sweep (which reads the server's real
 * clock) would remove a verification or a reset code between the request and its answer whenever a sweep fell in
 * that gap. The app never relies on the sweep (it compares expiresAt with its own clock), so the test run turns it
 * off; tests/integration/embedded-mongo-ttl.test.ts turns it on for itself.
 */
async function stopTtlSweep(mongoUrl: string): Promise<void> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    await client.db('admin').command({ setParameter: 1, ttlMonitorEnabled: false });
  } finally {
    await client.close();
  }
}

/**
 * The one place that decides which MongoDB and Redis a test run uses:
 * TEST_MONGO_URL / TEST_REDIS_URL when set; else containers when a Docker engine answers;
 * else the embedded MongoDB-compatible server and a local redis-server.
 */
export async function startBackends(): Promise<Backends> {
  const stops: Array<() => Promise<unknown>> = [];
  const docker = (!process.env.TEST_MONGO_URL || !process.env.TEST_REDIS_URL) && dockerAnswers();

  let mongoUrl = process.env.TEST_MONGO_URL;
  let mongoKind: Backends['mongoKind'] = 'external';
  if (!mongoUrl && docker) {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer('mongo:7').start();
    stops.push(() => container.stop());
    mongoUrl = `${container.getConnectionString()}?directConnection=true`;
    mongoKind = 'container';
  } else if (!mongoUrl) {
    const embedded = await startEmbeddedMongo({});
    stops.push(() => embedded.stop());
    mongoUrl = embedded.uri;
    mongoKind = 'embedded';
  }

  await stopTtlSweep(mongoUrl);

  let redisUrl = process.env.TEST_REDIS_URL;
  let redisKind: Backends['redisKind'] = 'external';
  if (!redisUrl && docker) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7').start();
    stops.push(() => container.stop());
    redisUrl = container.getConnectionUrl();
    redisKind = 'container';
  } else if (!redisUrl) {
    const local = await startLocalRedis();
    stops.push(() => local.stop());
    redisUrl = local.url;
    redisKind = 'local';
  }

  return {
    mongoUrl,
    redisUrl,
    mongoKind,
    redisKind,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
