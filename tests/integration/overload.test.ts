import autocannon from 'autocannon';
import { Agent, request as httpRequest } from 'node:http';
import { ObjectId } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes, OVERLOADED_MESSAGE } from '../../shared/errors.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client } from '../support/http.js';

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
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          body,
          ms: performance.now() - started,
        }),
      );
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
      expect(JSON.parse(answer.body)).toEqual({
        error: OVERLOADED_MESSAGE,
        code: ErrorCodes.overloaded,
        retryAfter: Number(retryAfter),
      });
    } else expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(1000);
  }
}

interface Load {
  ok: number;
  shed: number;
  seconds: number;
}

/** `GET url` from `connections` connections, each with `pipelining` requests outstanding, for `seconds`. */
async function load(
  url: string,
  token: string,
  connections: number,
  pipelining: number,
  seconds: number,
): Promise<Load> {
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    pipelining,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  const shed =
    (result as unknown as { statusCodeStats: Record<string, { count: number } | undefined> }).statusCodeStats['503']
      ?.count ?? 0;
  return { ok: result['2xx'], shed, seconds: (performance.now() - started) / 1000 };
}

const goodput = (runs: Load[]) => runs.reduce((s, r) => s + r.ok, 0) / runs.reduce((s, r) => s + r.seconds, 0);

describe('overload: the node keeps serving at capacity and refuses only the excess', () => {
  it('under 100 connections x pipelining 10 the default limits keep goodput >= 80% of the unloaded rate of the same run, and /api/me answers 200 a second after the load stops', async () => {
    // The production defaults: the harness turns shedding off for every other test ('' falls back to the default).
    testApp = await buildTestApp({ workers: false, env: { LOAD_SHED_MAX_IN_FLIGHT: '' } });
    const { accessToken } = await createUser(testApp);
    const leads = `${testApp.url}/api/leads`;

    // Compiled and connected before anything is compared: the first requests of a fresh process are not the figure.
    await load(leads, accessToken, 10, 1, 1);
    // Unloaded and overloaded alternate, twice, so a neighbour's build starting halfway hits both sides alike: the
    // machine is shared, only ratios measured in the same run mean anything.
    const unloaded: Load[] = [];
    const overloaded: Load[] = [];
    for (let round = 0; round < 2; round++) {
      unloaded.push(await load(leads, accessToken, 10, 1, 3));
      overloaded.push(await load(leads, accessToken, 100, 10, 3));
    }
    const stoppedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000 - (performance.now() - stoppedAt)));
    const me = await client(`${testApp.url}/api`).get('/me', { token: accessToken });

    const ratio = goodput(overloaded) / goodput(unloaded);
    console.info(
      `overload: unloaded ${goodput(unloaded).toFixed(0)} 2xx/s, overloaded ${goodput(overloaded).toFixed(0)} 2xx/s (${(ratio * 100).toFixed(0)}%), ` +
        `${overloaded.reduce((s, r) => s + r.shed, 0)} shed; /api/me 1 s after: ${me.status}`,
    );
    expect(ratio).toBeGreaterThanOrEqual(0.8);
    expect(me.status).toBe(200);
    // Thirteen seconds of load, but a loaded machine stretches the draining of a thousand requests after each phase.
  }, 120_000);

  it('a burst beyond the in-flight cap with no room to wait gets 200s and immediate 503s, /healthz still answers, and the node takes requests again as soon as the burst ends', async () => {
    testApp = await buildTestApp({
      workers: false,
      env: { LOAD_SHED_MAX_IN_FLIGHT: '4', LOAD_SHED_MAX_QUEUE: '0', LOAD_SHED_RETRY_AFTER_S: '1' },
    });
    const { accessToken } = await createUser(testApp);
    const leads = `${testApp.url}/api/leads`;

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

  it('a burst that fits the queue waits for its turn instead of being refused', async () => {
    testApp = await buildTestApp({
      workers: false,
      env: { LOAD_SHED_MAX_IN_FLIGHT: '2', LOAD_SHED_MAX_QUEUE: '100', LOAD_SHED_MAX_WAIT_MS: '30000' },
    });
    const { accessToken } = await createUser(testApp);
    const answers = await burst(`${testApp.url}/api/leads`, accessToken, 30, 3);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 90 }, () => 200));
  });

  it('an event loop slowed by other work (a busy machine) is not a reason to refuse: every request is answered', async () => {
    testApp = await buildTestApp({ workers: false, env: { LOAD_SHED_MAX_IN_FLIGHT: '' } });
    const { accessToken } = await createUser(testApp);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // CPU this node does not control takes the loop 150 ms out of every ~155, as a neighbour's build does to a
    // shared core; the node has nothing queued, so it has nothing to shed.
    const hog = setInterval(() => {
      const until = performance.now() + 150;
      while (performance.now() < until);
    }, 5);
    const answers: Answer[] = [];
    try {
      for (let i = 0; i < 10; i++) answers.push(await get(`${testApp.url}/api/leads`, agent, accessToken));
    } finally {
      clearInterval(hog);
    }
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    agent.destroy();
  });

  it('sign-in, token refresh and call control are never shed while /api is saturated', async () => {
    testApp = await buildTestApp({
      workers: false,
      env: { LOAD_SHED_MAX_IN_FLIGHT: '1', LOAD_SHED_MAX_QUEUE: '1', LOAD_SHED_MAX_WAIT_MS: '50' },
    });
    const agent = await createUser(testApp);
    const http = client(`${testApp.url}/api`);
    const token = agent.accessToken;
    let cookie = agent.cookie;

    const flood = load(`${testApp.url}/api/leads`, token, 20, 10, 4);
    // Inside the flood: it has filled the one slot and the one place in the queue by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const statuses: Record<string, number[]> = {};
    const record = (name: string, status: number) => (statuses[name] ??= []).push(status);
    for (let round = 0; round < 3; round++) {
      record('login', (await http.post('/auth/login', { email: agent.user.email, password: agent.password })).status);
      const refreshed = await http.post('/auth/refresh', undefined, { cookie });
      record('refresh', refreshed.status);
      cookie = refreshed.cookies.find((c) => c.startsWith('cw_refresh='))?.split(';')[0] ?? cookie;
      record('connect', (await http.post('/dialer/connect', undefined, { token })).status);
      record('dial', (await http.post('/dialer/calls', { phone: '5551234567' }, { token })).status);
      const callId = new ObjectId().toHexString();
      record('mute', (await http.post(`/dialer/calls/${callId}/mute`, { muted: true }, { token })).status);
      record('end', (await http.post(`/dialer/calls/${callId}/end`, undefined, { token })).status);
    }
    const flooded = await flood;

    // The flood was refused in part, so the node was saturated while these were sent.
    expect(flooded.shed).toBeGreaterThan(0);
    expect(statuses.login).toEqual([200, 200, 200]);
    expect(statuses.refresh).toEqual([200, 200, 200]);
    expect(statuses.connect).toEqual([200, 200, 200]);
    // A call may be refused by the dialer's own rules or not exist; what matters is that none was shed.
    for (const name of ['dial', 'mute', 'end']) for (const status of statuses[name]!) expect(status).not.toBe(503);
  });
});
