import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes, OVERLOADED_MESSAGE } from '../../shared/errors.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';

interface Answer {
  status: number;
  retryAfter?: string;
  body: string;
  ms: number;
}

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** One GET over a kept-alive connection of `agent`, timed from the call to the last byte. */
function get(url: string, agent: Agent, token?: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** `connections` clients, each sending `perConnection` requests back to back once all are connected. */
async function burst(url: string, token: string, connections: number, perConnection: number): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  // Connected first (one /healthz each), as a load generator is: what is timed is answering, not opening sockets.
  await Promise.all(Array.from({ length: connections }, () => get(new URL('/healthz', url).href, agent)));
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = 0; i < perConnection; i++) answers.push(await get(url, agent, token));
    }),
  );
  agent.destroy();
  return answers;
}

/** Every answer is a 2xx or a shed 503 with Retry-After and the catalogue sentence, and none took a second. */
function expectAnsweredOrShed(answers: Answer[], retryAfter: string) {
  for (const answer of answers) {
    if (answer.status === 503) {
      expect(answer.retryAfter).toBe(retryAfter);
      expect(JSON.parse(answer.body)).toEqual({ error: OVERLOADED_MESSAGE, code: ErrorCodes.overloaded, retryAfter: Number(retryAfter) });
    } else expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(1000);
  }
}

describe('overload: work beyond capacity is shed early with 503 + Retry-After', () => {
  it('a burst beyond the in-flight cap gets 200s and immediate 503s, /healthz still answers, and the node takes requests again as soon as the burst ends', async () => {
    testApp = await buildTestApp({ workers: false, env: { LOAD_SHED_MAX_IN_FLIGHT: '4', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0', LOAD_SHED_RETRY_AFTER_S: '1' } });
    const { accessToken } = await createUser(testApp);
    const leads = `${testApp.url}/api/leads`;

    // Compiled and connected before the clock matters: the first request of a fresh process is not the figure.
    await burst(leads, accessToken, 1, 5);
    const healthAgent = new Agent({ keepAlive: true });
    const during = burst(leads, accessToken, 30, 5);
    const health = await get(`${testApp.url}/healthz`, healthAgent);
    const answers = await during;

    expect(answers).toHaveLength(150);
    expectAnsweredOrShed(answers, '1');
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(health.status).toBe(200);

    // Nothing is held once the burst is answered: every request of a quiet client goes through.
    const after = await burst(leads, accessToken, 1, 5);
    expect(after.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    healthAgent.destroy();
  });

  it('while the event loop lags past the threshold /api requests are shed, /healthz answers, and once the lag stops they are served again', async () => {
    testApp = await buildTestApp({ workers: false, env: { LOAD_SHED_MAX_IN_FLIGHT: '0', LOAD_SHED_EVENT_LOOP_DELAY_MS: '50', LOAD_SHED_SAMPLE_MS: '20', LOAD_SHED_RETRY_AFTER_S: '2' } });
    const { accessToken } = await createUser(testApp);
    const leads = `${testApp.url}/api/leads`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });

    // CPU work this process cannot keep up with: the loop is blocked 150 ms out of every ~155.
    const hog = setInterval(() => {
      const until = performance.now() + 150;
      while (performance.now() < until);
    }, 5);
    const answers: Answer[] = [];
    let health: Answer;
    try {
      for (let i = 0; i < 10; i++) answers.push(await get(leads, agent, accessToken));
      health = await get(`${testApp.url}/healthz`, agent);
    } finally {
      clearInterval(hog);
    }

    expectAnsweredOrShed(answers, '2');
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expect(health.status).toBe(200);

    // The lag is gone: once its last sample is replaced (20 ms), requests go through again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get(leads, agent, accessToken)).status).toBe(200);
    agent.destroy();
  });
});
