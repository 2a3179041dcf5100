import { ErrorCodes } from '../../shared/errors.js';

/** How many times a shed request is sent again before its 503 reaches the caller. */
const MAX_RETRIES = 3;
/** A Retry-After longer than this is waited for this long only (a user should not face a silent minute). */
const MAX_WAIT_MS = 10_000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Milliseconds the `Retry-After` header asks for (seconds or an HTTP date), or undefined without a usable one. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A 503 with Retry-After may be sent again: always when the API says it shed the request (`OVERLOADED`: refused
 * before any work, server/platform/load-shedding.ts), otherwise only when sending it twice is harmless (an
 * idempotent method), since another 503 (Redis down, a proxy) may come after part of the work was done.
 */
async function mayRetry(response: Response, method: string): Promise<boolean> {
  if (response.status !== 503 || !response.headers.has('retry-after')) return false;
  if (IDEMPOTENT.has(method)) return true;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: string } | undefined;
  return body?.code === ErrorCodes.overloaded;
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * fetch that honours a 503's `Retry-After`: waits what the server asks (plus up to half again, so the clients a node
 * shed together do not all come back in the same instant) and sends again, at most three times; the last answer,
 * whatever it is, goes to the caller. The body must be one that can be sent twice (a string, FormData, a Blob).
 */
export async function fetchHonouringRetryAfter(input: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  for (let retry = 0; ; retry++) {
    const response = await fetch(input, init);
    if (retry >= MAX_RETRIES || !(await mayRetry(response, method))) return response;
    const asked = retryAfterMs(response.headers.get('retry-after'), Date.now()) ?? 1000;
    await response.body?.cancel();
    await wait(Math.min(MAX_WAIT_MS, asked) * (1 + Math.random() / 2), init.signal);
  }
}
