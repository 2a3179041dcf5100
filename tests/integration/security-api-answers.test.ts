import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

let testApp: TestApp;
let admin: CreatedUser;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  admin = await createUser(testApp, { role: 'admin' });
  http = client(testApp.url);
});

afterAll(async () => {
  await testApp?.close();
});

describe('personal API answers are never cached', () => {
  it('every GET route without path parameters, as an admin, answers Cache-Control: no-store (or private for signed file links)', async () => {
    const routes = testApp.routes.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes(':'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const cached: string[] = [];
    for (const route of routes) {
      const res = await fetch(`${testApp.url}${route.url}`, {
        headers: { authorization: `Bearer ${admin.accessToken}` },
      });
      await res.arrayBuffer();
      const header = res.headers.get('cache-control') ?? '';
      if (!/\bno-store\b|^private\b/.test(header)) cached.push(`${route.url} ${res.status} "${header}"`);
    }
    expect(cached).toEqual([]);
  });

  it('sign-in answers (tokens), errors and public reads too', async () => {
    const member = await createUser(testApp, { password: 'correct-horse-battery' });
    const signIn = await http.post('/api/auth/login', { email: member.user.email, password: 'correct-horse-battery' });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    expect((await http.get('/api/me')).headers.get('cache-control')).toBe('no-store');
    expect((await http.get('/api/campaigns')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/system/ping is rate limited', () => {
  it('60 a minute per person, then 429 with the wait; another person is not affected; a refused ping queues nothing', async () => {
    const pinger = await createUser(testApp);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await http.post('/api/system/ping', undefined, { token: pinger.accessToken })).status);
    expect(statuses.every((s) => s === 202)).toBe(true);
    const queued = await testApp.platform.queues.system.getJobCounts();
    const refused = await http.post('/api/system/ping', undefined, { token: pinger.accessToken });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many requests\. Please wait \d+s and try again\.$/);
    expect(await testApp.platform.queues.system.getJobCounts()).toEqual(queued);
    expect((await http.post('/api/system/ping', undefined, { token: admin.accessToken })).status).toBe(202);
  });
});
