import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchHonouringRetryAfter } from '../../client/api/retry-after.js';
import { ErrorCodes, OVERLOADED_MESSAGE } from '../../shared/errors.js';

interface Seen {
  method: string;
  body: string;
}

let server: Server | undefined;

/** A real HTTP server on loopback answering the n-th request (0-based) with `answer(n)`. */
async function serve(answer: (n: number, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', body });
      answer(seen.length - 1, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/leads`, seen };
}

function shed(res: ServerResponse, retryAfter = '0', code: string = ErrorCodes.overloaded) {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': retryAfter });
  res.end(JSON.stringify({ error: OVERLOADED_MESSAGE, code, retryAfter: Number(retryAfter) }));
}

function ok(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"leads":[]}');
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('the API client honours a 503 with Retry-After', () => {
  it('waits what Retry-After asks and sends the GET again until it is answered', async () => {
    const { url, seen } = await serve((n, res) => (n < 2 ? shed(res, n === 0 ? '1' : '0') : ok(res)));
    const started = Date.now();
    const response = await fetchHonouringRetryAfter(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ leads: [] });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'GET']);
    // The first refusal asked for one second: the client did not come back sooner.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('gives up after three retries and hands the last 503 to the caller', async () => {
    const { url, seen } = await serve((_n, res) => shed(res));
    const response = await fetchHonouringRetryAfter(url);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: OVERLOADED_MESSAGE, code: ErrorCodes.overloaded });
    expect(seen).toHaveLength(4);
  });

  it('sends a POST again when the server shed it before any work, with the same body', async () => {
    const { url, seen } = await serve((n, res) => (n === 0 ? shed(res) : ok(res)));
    const response = await fetchHonouringRetryAfter(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada"}',
    });
    expect(response.status).toBe(200);
    expect(seen).toEqual([
      { method: 'POST', body: '{"name":"Ada"}' },
      { method: 'POST', body: '{"name":"Ada"}' },
    ]);
  });

  it('does not send a POST twice after another 503, which may come after part of the work', async () => {
    const { url, seen } = await serve((n, res) => (n === 0 ? shed(res, '0', ErrorCodes.unavailable) : ok(res)));
    const response = await fetchHonouringRetryAfter(url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 503 without Retry-After', async () => {
    const { url, seen } = await serve((n, res) => {
      if (n > 0) return ok(res);
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{}');
    });
    expect((await fetchHonouringRetryAfter(url)).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    const { url, seen } = await serve((_n, res) => shed(res, '5'));
    const controller = new AbortController();
    const answer = fetchHonouringRetryAfter(url, { signal: controller.signal });
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
  });
});
