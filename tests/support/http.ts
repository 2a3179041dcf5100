import type { ApiAnswer, ApiMethod, ApiRouteOf } from '../../shared/api-routes.js';

/** Small JSON-over-HTTP helpers for integration tests (real requests against `testApp.url`). */
export interface JsonAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  /** Set-Cookie lines of the answer. */
  cookies: string[];
}

export interface RequestOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export async function request<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: res.headers,
    cookies: res.headers.getSetCookie(),
  };
}

/** What an error answer adds (server/platform/errors.ts): present only when the request was refused. */
interface ErrorFields {
  error?: string;
  title?: string;
  code?: string;
  reason?: string;
  /** Seconds, on a 429. */
  retryAfter?: number;
}

/**
 * The body type of `M P`: the one named at the call (`.get<Page>(...)`), else the API contract's answer for the path
 * (shared/api-contract.ts) with the error fields a refusal carries, else any JSON object for a path it does not know.
 */
type Answer<T, M extends ApiMethod, P extends string> = [T] extends [never]
  ? [ApiRouteOf<M, P>] extends [never]
    ? Record<string, unknown>
    : ApiAnswer<M, P> & ErrorFields
  : T;

/** Requests against one app, typed by the API contract (bodies are not: tests send wrong ones on purpose). */
export function client(baseUrl: string) {
  return {
    get: <T = never, const P extends string = string>(path: P, options?: RequestOptions) =>
      request<Answer<T, 'GET', P>>(baseUrl, 'GET', path, undefined, options),
    post: <T = never, const P extends string = string>(path: P, body?: unknown, options?: RequestOptions) =>
      request<Answer<T, 'POST', P>>(baseUrl, 'POST', path, body, options),
    put: <T = never, const P extends string = string>(path: P, body?: unknown, options?: RequestOptions) =>
      request<Answer<T, 'PUT', P>>(baseUrl, 'PUT', path, body, options),
    patch: <T = never, const P extends string = string>(path: P, body?: unknown, options?: RequestOptions) =>
      request<Answer<T, 'PATCH', P>>(baseUrl, 'PATCH', path, body, options),
    delete: <T = never, const P extends string = string>(path: P, options?: RequestOptions) =>
      request<Answer<T, 'DELETE', P>>(baseUrl, 'DELETE', path, undefined, options),
  };
}

/** `name=value` of one cookie from Set-Cookie lines, ready for a `cookie` header; undefined when absent. */
export function cookiePair(setCookies: string[], name: string): string | undefined {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

/** Polls until `check` returns a value (e.g. an e-mail reached the outbox). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
