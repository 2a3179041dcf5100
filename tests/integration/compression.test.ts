import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialItem } from '../../shared/schemas/materials/list.js';
import { buildApp } from '../../server/app.js';
import { createRedis } from '../../server/platform/redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, still encoded. */
  body: Buffer;
}

/** node:http rather than fetch: fetch decodes bodies and hides what was actually sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

function decoded(answer: { headers: IncomingHttpHeaders | Record<string, unknown>; body: Buffer }): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === undefined) return answer.body;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

describe('response compression', () => {
  let testApp: TestApp;
  let agent: CreatedUser;
  let newcomer: CreatedUser;

  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    const owner = await createUser(testApp, { role: 'owner' });
    [agent, newcomer] = await Promise.all([createUser(testApp), createUser(testApp)]);
    const campaign = await createTestCampaign(testApp, owner.user);
    await joinTestCampaign(testApp, agent.user, campaign.id);
    for (let i = 0; i < 40; i++) await createAssignedLead(testApp, campaign.id, agent.user, `Compressible Lead ${i}`);
  });
  afterAll(() => testApp?.close());

  it('compresses a large JSON answer with brotli or gzip, as asked, to the same JSON', async () => {
    const url = `${testApp.url}/api/leads?limit=50`;
    const auth = { authorization: `Bearer ${agent.accessToken}` };
    const plain = await rawGet(url, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8')) as { items: unknown[] };
    expect(json.items).toHaveLength(40);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decoded(br).toString('utf8'))).toEqual(json);
    // The security headers are set before compression and survive it.
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await rawGet(url, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz).toString('utf8'))).toEqual(json);
    console.info(
      `GET /api/leads?limit=50 (40 leads): ${plain.body.length} B raw, ${gz.body.length} B gzip, ${br.body.length} B br`,
    );
  });

  it('leaves a small answer uncompressed', async () => {
    const small = await rawGet(`${testApp.url}/api/leads`, {
      authorization: `Bearer ${newcomer.accessToken}`,
      'accept-encoding': 'gzip, br',
    });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ items: [] });
  });

  it('sends a stored file as uploaded: a range is 206 with the exact bytes, the whole file keeps its length, never compressed', async () => {
    const text = Buffer.from(
      Array.from({ length: 4000 }, (_, i) => `Line ${i}: objection handling notes for the hotel campaign.\n`).join(''),
    );
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'Notes.txt');
    const upload = await fetch(`${testApp.url}/api/materials`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${agent.accessToken}` },
    });
    expect(upload.status).toBe(201);
    const material = (await upload.json()) as MaterialItem;
    const fileUrl = `${testApp.url}${material.fileUrl}`;

    const range = await rawGet(fileUrl, { range: 'bytes=1000-20999', 'accept-encoding': 'gzip, deflate, br' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 1000-20999/${text.length}`);
    expect(range.headers['content-length']).toBe('20000');
    expect(range.body.equals(text.subarray(1000, 21000))).toBe(true);

    // Even a large text file goes out as stored, with its Content-Length, so a browser can resume or seek it.
    const whole = await rawGet(fileUrl, { 'accept-encoding': 'gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(text.length));
    expect(whole.body.equals(text)).toBe(true);
  });

  describe('the built client', () => {
    // What `vite build` leaves in dist/client: text assets with brotli and gzip siblings, small files without.
    const entry = Buffer.from(
      `export const routes = [${Array.from({ length: 300 }, (_, i) => `"/dashboard/area-${i}"`).join(',')}];\n`,
    );
    const html = Buffer.from(
      `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`,
    );
    const unvaried = Buffer.from(`console.log(${JSON.stringify('x'.repeat(3000))});\n`);
    let dir: string;
    let app: Awaited<ReturnType<typeof buildApp>>['app'];
    let adapterRedis: ReturnType<typeof createRedis>;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'cw-client-'));
      mkdirSync(path.join(dir, 'assets'));
      for (const [name, bytes, variants] of [
        ['index.html', html, true],
        ['assets/index-AbC123.js', entry, true],
        ['assets/unvaried-XyZ789.js', unvaried, false],
      ] as const) {
        writeFileSync(path.join(dir, name), bytes);
        if (variants) {
          writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(bytes));
          writeFileSync(path.join(dir, `${name}.gz`), gzipSync(bytes));
        }
      }
      // The real app, with the test app's backends, serving that directory.
      const { live: _live, ...deps } = testApp.platform;
      adapterRedis = createRedis(testApp.redisUrl, 'adapter');
      ({ app } = await buildApp({ ...deps, adapterRedis }, { clientDir: dir }));
    });
    afterAll(async () => {
      await app?.close();
      adapterRedis?.disconnect();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('sends the build-time brotli or gzip file of an asset, and the plain file to clients that accept neither', async () => {
      const br = await app.inject({
        url: '/assets/index-AbC123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded({ headers: br.headers, body: br.rawPayload }).equals(entry)).toBe(true);

      const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decoded({ headers: gz.headers, body: gz.rawPayload }).equals(entry)).toBe(true);

      const plain = await app.inject({ url: '/assets/index-AbC123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(entry)).toBe(true);
    });

    it('never compresses a client file per request: without a sibling the file goes out as it is', async () => {
      const res = await app.inject({ url: '/assets/unvaried-XyZ789.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(unvaried)).toBe(true);
    });

    it('sends the app shell precompressed, still checked on every visit', async () => {
      for (const url of ['/', '/dashboard/leads']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(decoded({ headers: res.headers, body: res.rawPayload }).equals(html)).toBe(true);
      }
    });
  });
});
