import type { ApiErrorBody } from '../../shared/errors.js';
import { errorToast } from '../ui/toast.js';
import { currentAccessToken, NetworkError, refreshAccessToken } from './token.js';

/** An answer the server refused, carrying its `{ error, title }` (the texts shown to the user). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's toast title, when it gave one. */
  readonly title?: string;
  readonly code?: string;
  readonly retryAfter?: number;

  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.error ?? 'Something went wrong. Please try again later.');
    this.name = 'ApiError';
    this.status = status;
    this.title = body.title;
    this.code = body.code;
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
 * JSON request to the API with the access token attached. A 401 on a signed-in call is answered by
 * one refresh through the cookie and one retry; failures surface the server's `{error, title}` as a toast.
 */
export async function api<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    let response = await send(path, options, currentAccessToken());
    if (response.status === 401 && currentAccessToken() && !path.startsWith('/api/auth/')) {
      const renewed = await refreshAccessToken();
      if (renewed) response = await send(path, options, renewed);
    }
    if (!response.ok) throw new ApiError(response.status, await errorBody(response));
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    if (!options.quiet && !(error instanceof DOMException && error.name === 'AbortError')) {
      // The API leaves the title out of validation answers; the spec shows those under "Error".
      if (error instanceof ApiError) errorToast(error.title ?? 'Error', error.message);
      else if (error instanceof NetworkError) errorToast('Connection problem', error.message);
    }
    throw error;
  }
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
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
