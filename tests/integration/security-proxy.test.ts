import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { nginxBinary, startShippedNginx, type RunningNginx } from '../support/nginx.js';

// Per-address rate limits hold only if the address cannot be chosen by the client. Sign-in allows 30 tries a minute
// per address; 40 tries, each to another e-mail and with another X-Forwarded-For, must meet a 429.
const PRODUCTION = { NODE_ENV: 'production' };

/** One sign-in attempt over a connection from `from` (any 127.x address is this machine). */
function login(port: number, email: string, options: { forwardedFor?: string; from?: string } = {}): Promise<number> {
  const body = JSON.stringify({ email, password: 'not-the-password' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        localAddress: options.from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function fortyLogins(
  port: number,
  tag: string,
  options: (i: number) => { forwardedFor?: string; from?: string },
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) statuses.push(await login(port, `${tag}-${i}@example.com`, options(i)));
  return statuses;
}

const portOf = (app: TestApp) => Number(new URL(app.url).port);
const randomAddress = (i: number) => `198.51.100.${i + 1}`;

describe('X-Forwarded-For is believed only from the proxies TRUST_PROXY names', () => {
  let noProxy: TestApp;
  let oneHop: TestApp;
  let otherProxy: TestApp;
  let listedProxy: TestApp;

  beforeAll(async () => {
    noProxy = await buildTestApp({ workers: false, env: PRODUCTION });
    oneHop = await buildTestApp({ workers: false, env: { ...PRODUCTION, TRUST_PROXY: '1' } });
    otherProxy = await buildTestApp({ workers: false, env: { ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' } });
    listedProxy = await buildTestApp({ workers: false, env: { ...PRODUCTION, TRUST_PROXY: '127.0.0.1' } });
  });

  afterAll(async () => {
    for (const app of [noProxy, oneHop, otherProxy, listedProxy]) await app?.close();
  });

  it('production with no TRUST_PROXY: the connection address counts, whatever the header says', async () => {
    const statuses = await fortyLogins(portOf(noProxy), 'none', (i) => ({ forwardedFor: randomAddress(i) }));
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses).toContain(429);
  });

  it('TRUST_PROXY=1: the address the proxy saw (the last entry), not what the client wrote before it', async () => {
    const statuses = await fortyLogins(portOf(oneHop), 'hop', (i) => ({
      forwardedFor: `${randomAddress(i)}, 203.0.113.7`,
    }));
    expect(statuses).toContain(429);
    // Another client behind the same proxy has its own limit.
    expect(await login(portOf(oneHop), 'hop-other@example.com', { forwardedFor: '203.0.113.8' })).toBe(401);
  });

  it('TRUST_PROXY with addresses: a connection from elsewhere is not believed, a listed proxy is', async () => {
    expect(await fortyLogins(portOf(otherProxy), 'other', (i) => ({ forwardedFor: randomAddress(i) }))).toContain(429);
    expect(await fortyLogins(portOf(listedProxy), 'listed', (i) => ({ forwardedFor: randomAddress(i) }))).not.toContain(
      429,
    );
    // Not from the listed address (127.0.0.2 is this machine too): the header is ignored.
    expect(
      await fortyLogins(portOf(listedProxy), 'unlisted', (i) => ({
        forwardedFor: randomAddress(100 + i),
        from: '127.0.0.2',
      })),
    ).toContain(429);
  });
});

const nginx = nginxBinary();
if (!nginx)
  console.warn(
    'security-proxy: nginx is not installed, so the shipped deploy/nginx.conf is not tested (npm test installs it as root on Debian)',
  );

describe.skipIf(!nginx)(
  'behind the shipped deploy/nginx.conf with TRUST_PROXY=1 (as docker-compose.yml runs it)',
  () => {
    let api: TestApp;
    let proxy: RunningNginx;

    beforeAll(async () => {
      api = await buildTestApp({ workers: false, env: { ...PRODUCTION, TRUST_PROXY: '1' } });
      proxy = await startShippedNginx(nginx!, portOf(api));
    });

    afterAll(async () => {
      await proxy?.stop();
      await api?.close();
    });

    it('a client sending its own X-Forwarded-For is limited by its real address; other clients are not', async () => {
      const statuses = await fortyLogins(proxy.port, 'nginx', (i) => ({
        forwardedFor: randomAddress(i),
        from: '127.0.0.2',
      }));
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses).toContain(429);
      expect(await login(proxy.port, 'nginx-other@example.com', { forwardedFor: '127.0.0.2', from: '127.0.0.3' })).toBe(
        401,
      );
    });
  },
);
