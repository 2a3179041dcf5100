import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostItem } from '../../shared/schemas/community/post.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client } from '../support/http.js';

// The community's flood limits go through the same limiter as every other limit, so RATE_LIMIT_FACTOR scales them too.
describe('community flood limit with RATE_LIMIT_FACTOR', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false, env: { RATE_LIMIT_FACTOR: '2' } });
  });
  afterAll(() => testApp?.close());

  it('allows twice the posts per minute when the factor is 2', async () => {
    const http = client(testApp.url);
    const flooder = await createUser(testApp);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await http.post<{ post: PostItem }>(
            '/api/posts',
            { type: 'tip', content: `spam ${i}` },
            { token: flooder.accessToken },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
