import type { ApiAnswer, ApiBody, ApiMethod } from '../../shared/api-routes.js';
import type { ApiErrorBody, ErrorReason } from '../../shared/errors.js';
import { errorToast } from '../ui/toast.js';
import { fetchHonouringRetryAfter } from './retry-after.js';
import { currentAccessToken, NetworkError, refreshAccessToken } from './token.js';

/** An answer the server refused, carrying its `{ error, title }` (the texts shown to the user). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's toast title, when it gave one. */
  readonly title?: string;
  readonly code?: string;
  /** What exactly went wrong (shared/errors.ts `ErrorReasons`), where the server names it. */
  readonly reason?: ErrorReason;
  readonly retryAfter?: number;

  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.error ?? 'Something went wrong. Please try again later.');
    this.name = 'ApiError';
    this.status = status;
    this.title = body.title;
    this.code = body.code;
    this.reason = body.reason;
    this.retryAfter = body.retryAfter;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The caller shows its own message instead of the default toast. */
  quiet?: boolean;
  signal?: AbortSignal;
}

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/**
 * Sends with the access token (`send` is a fetch or an XMLHttpRequest). A 401 on a signed-in call outside
 * /api/auth/ is answered by one refresh through the cookie and one retry with the new token.
 */
export async function withAccessToken<R extends { status: number }>(
  path: string,
  send: (token: string | null) => Promise<R>,
): Promise<R> {
  let answer = await send(currentAccessToken());
  if (answer.status === 401 && currentAccessToken() && !path.startsWith('/api/auth/')) {
    const renewed = await refreshAccessToken();
    if (renewed) answer = await send(renewed);
  }
  return answer;
}

export interface AuthorizedRequest {
  method?: ApiRequestOptions['method'];
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
}

/**
 * fetch with the access token (refresh and retry on 401; a 503 with Retry-After is waited out and sent again, up to
 * three times: client/api/retry-after.ts). Resolves with an ok response only: a refusal
 * becomes an `ApiError` carrying the server's `{error, title}`, an unreachable server a `NetworkError`.
 */
export async function authorizedFetch(path: string, request: AuthorizedRequest = {}): Promise<Response> {
  const response = await withAccessToken(path, async (token) => {
    const headers = { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    try {
      return await fetchHonouringRetryAfter(path, {
        method: request.method ?? 'GET',
        headers,
        body: request.body,
        credentials: 'same-origin',
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError();
    }
  });
  if (!response.ok) throw new ApiError(response.status, await errorBody(response));
  return response;
}

/** Shows why a request failed: the server's title (else `fallbackTitle`) and text, or the connection problem. */
export function toastRequestFailure(error: unknown, fallbackTitle = 'Error'): void {
  if (error instanceof ApiError) errorToast(error.title ?? fallbackTitle, error.message);
  else if (error instanceof NetworkError) errorToast('Connection problem', error.message);
}

/** The method a request is sent with: the one named, else POST with a body and GET without. */
export type MethodOf<O> = O extends { method: infer M extends ApiMethod }
  ? M
  : O extends { body: unknown }
    ? 'POST'
    : 'GET';

/**
 * A body the route does not take makes the options' type demand the contract's body instead, so the call site gets
 * a compile error naming the wrong field (tests/types/api-routes.ts); a path the contract does not know takes any.
 */
type BodyCheck<M extends ApiMethod, P extends string, O> = O extends { body: infer B }
  ? B extends ApiBody<M, P>
    ? unknown
    : { body: ApiBody<M, P> }
  : unknown;

/**
 * JSON request to the API through `authorizedFetch`; failures are toasted unless `quiet`. The answer's type, and the
 * body it takes, come from the API contract (shared/api-contract.ts) for the path and method; a path the contract
 * does not know answers `unknown`.
 */
export function api<const P extends string, O extends ApiRequestOptions = ApiRequestOptions>(
  path: P,
  options?: O & BodyCheck<MethodOf<O>, P, O>,
): Promise<ApiAnswer<MethodOf<O>, P>>;
/** A path built at run time (a plain `string`), answered as the caller says. */
export function api<T, P extends string = string>(
  path: string extends P ? P : never,
  options?: ApiRequestOptions,
): Promise<T>;
export async function api(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  try {
    const response = await authorizedFetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers:
        options.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    if (response.status === 204) return undefined;
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch (error) {
    // The API leaves the title out of validation answers; the spec shows those under "Error".
    if (!options.quiet) toastRequestFailure(error);
    throw error;
  }
}

async function errorBody(response: Response): Promise<Partial<ApiErrorBody>> {
  try {
    return (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    // A proxy in front of the API may answer with HTML; keep the generic text.
    return {};
  }
}
