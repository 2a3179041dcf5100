import { useCallback, useEffect, useEffectEvent, useState, type Dispatch, type SetStateAction } from 'react';
import type { ApiAnswer } from '../../shared/api-routes.js';
import { api } from './client.js';

export interface ApiQueryOptions<T> {
  /** How long to wait after the path changed before asking (typing in a search box); 0 asks on the next tick. */
  debounceMs?: number;
  /** Runs with every answer, in the same render as the new data. */
  onLoad?: (data: T) => void;
  /** A failure is not toasted: the page shows its own state for it, or does without the data. */
  quiet?: boolean;
  /** Asks again this often while mounted, quietly: a failed refresh keeps the last answer and shows no toast. */
  refreshMs?: number;
  /** One request per path for the page's life, shared by every query of it (lists a filter reads once); a failure is asked again. */
  shared?: boolean;
  /**
   * true (the default): the last answer stays while another path loads and after a failure. false: `data`, `failed`
   * and `error` belong to the current path only (undefined while only another path's answer is there).
   */
  keepWhileLoading?: boolean;
}

export interface ApiQuery<T> {
  /** The last answer; kept while the next one loads and after a failure (unless `keepWhileLoading: false`). */
  data: T | undefined;
  loading: boolean;
  /** The last request failed (the API client already showed why unless quiet); stays set until one succeeds. */
  failed: boolean;
  /** Why it failed (an `ApiError` or a `NetworkError`), while `failed`. */
  error: unknown;
  retry: () => void;
  /** Asks again quietly (after a change made here: a failure keeps the last answer and shows no toast). */
  refresh: () => void;
  /** Applies a local change (an edit's answer, a deleted row, a live event) without asking again. */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

interface Answer<T> {
  /** The path the data or failure belongs to. */
  path: string | null;
  data: T | undefined;
  failed: boolean;
  error: unknown;
}

const sharedAnswers = new Map<string, Promise<unknown>>();

function sharedAnswer(path: string, quiet: boolean, fresh: boolean): Promise<unknown> {
  let answer = fresh ? undefined : sharedAnswers.get(path);
  if (!answer) {
    answer = api(path, { quiet }).catch((error: unknown) => {
      sharedAnswers.delete(path);
      throw error;
    });
    sharedAnswers.set(path, answer);
  }
  return answer;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * GET `path` (nothing while it is null, and no data), again when it changes, on `retry` and every `refreshMs`;
 * an earlier request still running is aborted.
 */
export function useApiQuery<const P extends string>(
  path: P | null,
  options?: ApiQueryOptions<ApiAnswer<'GET', P>>,
): ApiQuery<ApiAnswer<'GET', P>>;
export function useApiQuery<T>(path: string | null, options?: ApiQueryOptions<T>): ApiQuery<T>;
export function useApiQuery<T>(path: string | null, options: ApiQueryOptions<T> = {}): ApiQuery<T> {
  const { debounceMs = 0, onLoad, quiet = false, refreshMs, shared = false, keepWhileLoading = true } = options;
  const [answer, setAnswer] = useState<Answer<T>>({ path, data: undefined, failed: false, error: undefined });
  const [loading, setLoading] = useState(true);
  // `quiet`: this ask is a timed refresh.
  const [attempt, setAttempt] = useState({ count: 0, quiet: false });
  const loaded = useEffectEvent((from: string, data: T) => {
    setAnswer({ path: from, data, failed: false, error: undefined });
    onLoad?.(data);
    setLoading(false);
  });
  const refused = useEffectEvent((from: string, error: unknown) => {
    setAnswer((last) => ({
      path: from,
      data: last.path === from || keepWhileLoading ? last.data : undefined,
      failed: true,
      error,
    }));
    setLoading(false);
  });

  useEffect(() => {
    if (path === null) {
      setAnswer({ path: null, data: undefined, failed: false, error: undefined });
      return;
    }
    const controller = new AbortController();
    let current = true;
    setLoading(true);
    const silent = quiet || attempt.quiet;
    const timer = setTimeout(() => {
      const request = shared
        ? sharedAnswer(path, silent, attempt.count > 0)
        : api<T>(path, { signal: controller.signal, quiet: silent });
      request
        .then((data) => current && loaded(path, data as T))
        .catch((error: unknown) => {
          if (current && !isAbort(error)) refused(path, error);
        });
    }, debounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, debounceMs, quiet, shared, attempt]);

  const retry = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, quiet: false })), []);
  const refresh = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, quiet: true })), []);
  useEffect(() => {
    if (path === null || !refreshMs) return;
    const timer = setInterval(refresh, refreshMs);
    return () => clearInterval(timer);
  }, [path, refreshMs, refresh]);

  const setData = useCallback<Dispatch<SetStateAction<T | undefined>>>(
    (change) =>
      setAnswer((last) => ({
        ...last,
        data: typeof change === 'function' ? (change as (data: T | undefined) => T | undefined)(last.data) : change,
      })),
    [],
  );
  const own = keepWhileLoading || answer.path === path;
  return {
    data: own ? answer.data : undefined,
    loading,
    failed: own && answer.failed,
    error: own && answer.failed ? answer.error : undefined,
    retry,
    refresh,
    setData,
  };
}

/** `base` with the non-empty values as its query string (`/api/perks`, `/api/perks?q=gym`). */
export function pathWithQuery<const B extends string>(
  base: B,
  values: Record<string, string | null | undefined>,
): B | `${B}?${string}` {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.size ? `${base}?${params}` : base;
}
