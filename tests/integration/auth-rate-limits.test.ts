import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client } from '../support/http.js';

// Each test gets its own app, hence its own Redis prefix and fresh counters.
let testApp: TestApp;
let http: ReturnType<typeof client>;
beforeEach(async () => {
  testApp = await buildTestApp({ workers: false });
  http = client(testApp.url);
});
afterEach(() => testApp?.close());

const tooMany = /^Too many requests\. Please wait \d+s and try again\.$/;

describe('rate limits', () => {
  it('allows 10 sign-in attempts per e-mail and address and minute', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await http.post('/api/auth/login', { email: 'target@test.local', password: `guess-${i}` })).status).toBe(
        401,
      );
    }
    const blocked = await http.post('/api/auth/login', { email: 'TARGET@test.local', password: 'guess-10' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.body.error).toMatch(tooMany);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await http.post('/api/auth/login', { email: 'other@test.local', password: 'guess' })).status).toBe(401);
  });

  it('allows 30 sign-in attempts per address and minute', async () => {
    for (let i = 0; i < 30; i++) {
      expect(
        (await http.post('/api/auth/login', { email: `spray${i}@test.local`, password: 'guess-guess' })).status,
      ).toBe(401);
    }
    const blocked = await http.post('/api/auth/login', { email: 'spray-last@test.local', password: 'guess-guess' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(tooMany);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
  });

  it('allows 10 verification attempts per e-mail and minute', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await http.post('/api/auth/verify', { email: 'code-target@test.local', code: '123456' })).status).toBe(
        400,
      );
    }
    const blocked = await http.post('/api/auth/verify', { email: 'code-target@test.local', code: '123456' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(tooMany);
  });
});
