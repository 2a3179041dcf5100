import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';

// Schema fuzzing of every JSON route, as the most powerful user: bad input always gets a clear 4xx, never a 500,
// and a refused request changes no document.
let testApp: TestApp;
let admin: CreatedUser;

/** Routes whose refusals are themselves recorded (a wrong code counts as a try): their 4xx may write. */
const WRITES_ON_REFUSAL = new Set([
  'POST /api/auth/verify',
  'POST /api/auth/login',
  'POST /api/auth/login/2fa',
  'POST /api/me/2fa/enable',
  'POST /api/me/2fa/disable',
  'POST /api/auth/reset',
]);

const HOSTILE_VALUES: unknown[] = [
  123,
  -1.5,
  true,
  null,
  [],
  ['a', { $gt: '' }],
  { $gt: '' },
  { $where: 'sleep(1000)' },
  'x'.repeat(100_000),
  '',
  ' ',
  '<script>alert(1)</script>',
  { __proto__: { polluted: true } },
];

function propertiesOf(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function bodiesFor(schema: unknown): unknown[] {
  const keys = propertiesOf(schema);
  const bodies: unknown[] = [{}, [], 'text', 42, null];
  for (const key of keys) for (const value of HOSTILE_VALUES) bodies.push({ [key]: value });
  // Every field hostile at once, and random shapes over the schema's own keys.
  for (const value of HOSTILE_VALUES.slice(0, 8)) bodies.push(Object.fromEntries(keys.map((k) => [k, value])));
  if (keys.length)
    bodies.push(
      ...fc.sample(fc.dictionary(fc.constantFrom(...keys), fc.anything({ maxDepth: 2 })), { numRuns: 8, seed: 42 }),
    );
  return bodies;
}

function urlsFor(route: RouteEntry): string[] {
  if (!route.url.includes(':')) return [route.url];
  const fill = (value: string) => route.url.replace(/:[A-Za-z]+/g, value);
  return [
    fill(new ObjectId().toHexString()),
    fill('not-an-id'),
    fill(encodeURIComponent('{"$gt":""}')),
    fill('x'.repeat(300)),
  ];
}

function queriesFor(route: RouteEntry): string[] {
  const keys = propertiesOf(route.schema?.querystring);
  const queries = [''];
  for (const key of keys)
    queries.push(
      `?${key}=${'y'.repeat(5000)}`,
      `?${key}=2026-13-45T99:99`,
      `?${key}[$gt]=`,
      `?${key}=-1`,
      `?${key}=%00`,
      `?${key}=a&${key}=b`,
    );
  return queries;
}

async function snapshot(): Promise<string> {
  const db = testApp.platform.db;
  const hash = createHash('sha256');
  const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  for (const name of collections) {
    if (name.startsWith('system.')) continue;
    hash.update(name);
    for (const doc of await db.collection(name).find({}).sort({ _id: 1 }).toArray()) hash.update(JSON.stringify(doc));
  }
  return hash.digest('hex');
}

async function send(method: string, url: string, body?: unknown) {
  const res = await fetch(`${testApp.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${admin.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  admin = await createUser(testApp, { role: 'admin' });
});

afterAll(async () => {
  await testApp?.close();
});

describe('schema fuzzing of every route', () => {
  it('answers hostile input with a clear 4xx, never a 500, and changes nothing when it refuses', async () => {
    const routes = testApp.routes.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const requests: Array<[string, unknown]> = [];
      for (const url of urlsFor(route)) {
        if (withBody) for (const body of bodiesFor(route.schema?.body)) requests.push([url, body]);
        else for (const query of queriesFor(route)) requests.push([url + query, undefined]);
      }
      const before = await snapshot();
      let refusedAll = true;
      for (const [url, body] of requests) {
        let answer: { status: number; text: string };
        try {
          answer = await send(route.method, url, body);
        } catch (error) {
          failures.push(
            `${label} -> no answer (${(error as Error).cause ?? error}) for ${url} ${JSON.stringify(body)?.slice(0, 120)}`,
          );
          continue;
        }
        const { status, text } = answer;
        if (status >= 500)
          failures.push(
            `${label} -> ${status} for ${url} ${JSON.stringify(body)?.slice(0, 120)}: ${text.slice(0, 200)}`,
          );
        else if (status >= 400) {
          let message: unknown;
          try {
            message = (JSON.parse(text) as { error?: unknown }).error;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || !message)
            failures.push(`${label} -> ${status} without a clear message for ${url}`);
        } else refusedAll = false;
      }
      if (refusedAll && !WRITES_ON_REFUSAL.has(label) && (await snapshot()) !== before)
        failures.push(`${label}: a refused request changed the database`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
  }, 600_000);
});
