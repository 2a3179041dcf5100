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

export function client(baseUrl: string) {
  return {
    get: <T = Record<string, unknown>>(path: string, options?: RequestOptions) =>
      request<T>(baseUrl, 'GET', path, undefined, options),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>(baseUrl, 'POST', path, body, options),
    put: <T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>(baseUrl, 'PUT', path, body, options),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>(baseUrl, 'PATCH', path, body, options),
    delete: <T = Record<string, unknown>>(path: string, options?: RequestOptions) =>
      request<T>(baseUrl, 'DELETE', path, undefined, options),
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
