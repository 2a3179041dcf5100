import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';

// N5 of issue 34: the CSP names no host but the app's own origin (the socket included), and a Permissions-Policy
// gives the microphone to the app only. Pages are checked by tests/browser/security-origin.test.ts.

const PUBLIC_URL = 'https://app.example.com';

let testApp: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false, env: { PUBLIC_URL } });
  admin = await createUser(testApp, { role: 'admin' });
});

afterAll(async () => {
  await testApp?.close();
});

/** CSP directive -> its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Sources that name no other host: keywords, hashes, data:/blob: and the configured public origin. */
const OWN_SOURCES = new Set([
  "'self'",
  "'none'",
  "'unsafe-inline'",
  'data:',
  'blob:',
  PUBLIC_URL,
  'wss://app.example.com',
]);

/** What is wrong with one answer's headers (empty when nothing). */
function headerProblems(what: string, headers: Headers): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy');
  if (!csp) return [`${what}: no CSP`];
  const parsed = directives(csp);
  const connect = parsed.get('connect-src')?.join(' ');
  if (connect !== `'self' ${PUBLIC_URL} wss://app.example.com`) problems.push(`${what}: connect-src ${connect}`);
  for (const [name, sources] of parsed) {
    for (const source of sources)
      if (!OWN_SOURCES.has(source) && !/^'sha256-[A-Za-z0-9+/=]+'$/.test(source))
        problems.push(`${what}: ${name} ${source}`);
  }
  const permissions = headers.get('permissions-policy') ?? '';
  for (const rule of [
    'microphone=(self)',
    'camera=()',
    'geolocation=()',
    'display-capture=()',
    'payment=()',
    'usb=()',
  ]) {
    if (!permissions.split(/,\s*/).includes(rule))
      problems.push(`${what}: Permissions-Policy without ${rule} ("${permissions}")`);
  }
  return problems;
}

describe('security headers on every answer', () => {
  it('every GET /api route without path parameters, as an admin: connect-src only the app, no third-party host, the microphone for the app only', async () => {
    const routes = testApp.routes.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes(':'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of routes) {
      const res = await fetch(`${testApp.url}${route.url}`, {
        headers: { authorization: `Bearer ${admin.accessToken}` },
      });
      await res.arrayBuffer();
      problems.push(...headerProblems(`GET ${route.url} ${res.status}`, res.headers));
    }
    expect(problems).toEqual([]);
  });

  it('errors, refusals, health checks and unknown paths carry them too', async () => {
    const answers: Array<[string, Promise<Response>]> = [
      ['anonymous /api/me', fetch(`${testApp.url}/api/me`)],
      ['unknown /api route', fetch(`${testApp.url}/api/no-such-route`)],
      [
        'malformed JSON',
        fetch(`${testApp.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        }),
      ],
      [
        'wrong password',
        fetch(`${testApp.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: admin.user.email, password: 'not-the-password' }),
        }),
      ],
      ['/healthz', fetch(`${testApp.url}/healthz`)],
      ['a page path', fetch(`${testApp.url}/dashboard/leads`)],
    ];
    const problems: string[] = [];
    for (const [what, answer] of answers) {
      const res = await answer;
      await res.arrayBuffer();
      problems.push(...headerProblems(`${what} ${res.status}`, res.headers));
    }
    expect(problems).toEqual([]);
  });
});
