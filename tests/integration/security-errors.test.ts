import { ObjectId } from 'mongodb';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../shared/errors.js';
import { QUEUE_BOARD_PATH } from '../../shared/schemas/admin/queues.js';
import type { RouteEntry } from '../../server/app.js';
import { internalErrorBody } from '../../server/platform/errors.js';
import { REDIS_UNAVAILABLE_MESSAGE } from '../../server/platform/redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';

// A 5xx answer says that something failed, never what: no error message, stack or driver text reaches the caller
// (they name hosts, collections, code paths). Every registered route is called as an admin while the app's
// database client is closed, so whatever a handler touches fails inside it.
let testApp: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  admin = await createUser(testApp, { role: 'admin' });
});
afterAll(async () => {
  // The database was closed on purpose; the app drops it on the way out.
  await testApp?.platform.db.client.connect();
  await testApp?.close();
});

const CATALOGUE_5XX = [internalErrorBody.error, REDIS_UNAVAILABLE_MESSAGE, OVERLOADED_MESSAGE];
const INTERNAL_TEXT =
  /Cannot read|is not a function|undefined|\n\s+at |Mongo|Topology|ECONN|client|\wError\b|node_modules|\.ts\b|\.js\b/i;

/** A body that passes the route's schema where TypeBox can make one, so the request reaches the handler. */
function bodyFor(route: RouteEntry): string | undefined {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) return undefined;
  try {
    return JSON.stringify(
      route.schema?.body ? Value.Create(route.schema.body as Parameters<typeof Value.Create>[0]) : {},
    );
  } catch {
    return '{}';
  }
}

async function call(route: RouteEntry): Promise<{ status: number; text: string }> {
  const url = route.url.replace(/\*$/, 'x').replace(/:[A-Za-z]+/g, () => new ObjectId().toHexString());
  const body = bodyFor(route);
  try {
    const res = await fetch(`${testApp.url}${url}`, {
      method: route.method,
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    return { status: res.status, text: await res.text() };
  } catch {
    // A stream that stays open (it started with a 2xx) is no error answer.
    return { status: 0, text: '' };
  }
}

describe('5xx answers carry no internal message', () => {
  it("shows the queue board's Redis panel: real stats of the queues' Redis", async () => {
    const res = await fetch(`${testApp.url}${QUEUE_BOARD_PATH}api/redis/stats`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    const text = await res.text();
    expect([res.status, text]).toEqual([200, expect.any(String)]);
    const stats = JSON.parse(text) as {
      version: string;
      mode: string;
      uptime: number;
      memory: { used: number };
      clients: { connected: number };
    };
    expect(stats.version).toMatch(/^\d+\.\d+/);
    expect(stats.mode).toBe('standalone');
    expect(stats.uptime).toBeGreaterThan(0);
    expect(stats.memory.used).toBeGreaterThan(0);
    expect(stats.clients.connected).toBeGreaterThan(0);
  });

  it('answers every route with the catalogue text when the database is gone', async () => {
    // The admin is read once now, so the per-node user cache lets the requests past sign-in into the handlers.
    expect(
      (await fetch(`${testApp.url}/api/me`, { headers: { authorization: `Bearer ${admin.accessToken}` } })).status,
    ).toBe(200);
    await testApp.platform.db.client.close();

    const leaks: string[] = [];
    let failures = 0;
    for (const route of testApp.routes) {
      const { status, text } = await call(route);
      if (status < 500) continue;
      failures++;
      let error: unknown;
      try {
        error = (JSON.parse(text) as { error?: unknown }).error;
      } catch {
        error = text;
      }
      // /readyz names the dependency that does not answer, in its own fixed words.
      const readiness =
        route.url === '/readyz' && /^\{"status":"unavailable","mongo":"unavailable","redis":"ok"\}$/.test(text);
      if (!readiness && (!CATALOGUE_5XX.includes(String(error)) || INTERNAL_TEXT.test(text)))
        leaks.push(`${route.method} ${route.url} ${status}: ${text.slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
    // The forced failure reached the handlers of most routes, not just a few.
    expect(failures).toBeGreaterThan(40);
  });

  it("answers the board's own failures with the catalogue text, not bull-board's message", async () => {
    // The queues' connection ended for good (not down and retrying): every board read fails inside bull-board.
    (await testApp.platform.queues.email.getBackend().client).disconnect();
    const answers: string[] = [];
    for (const path of ['api/queues', 'api/redis/stats', `api/queues/email/1`]) {
      const res = await fetch(`${testApp.url}${QUEUE_BOARD_PATH}${path}`, {
        headers: { authorization: `Bearer ${admin.accessToken}` },
      });
      answers.push(`${path} ${res.status} ${await res.text()}`);
    }
    expect(answers).toEqual(
      ['api/queues', 'api/redis/stats', 'api/queues/email/1'].map(
        (path) => `${path} 500 ${JSON.stringify(internalErrorBody)}`,
      ),
    );
  });
});
