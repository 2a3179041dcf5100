import { useCallback, useEffect, useEffectEvent, useState, type Dispatch, type SetStateAction } from 'react';
import type { ApiAnswer } from '../../shared/api-routes.js';
import { api } from './client.js';

export interface ApiQueryOptions<T> {
  /** How long to wait after the path changed before asking (typing in a search box); 0 asks on the next tick. */
  debounceMs?: number;
  /** Runs with every answer, in the same render as the new data. */
  onLoad?: (data: T) => void;
}

export interface ApiQuery<T> {
  /** The last answer; kept while the next one loads and after a failure. */
  data: T | undefined;
  loading: boolean;
  /** The last request failed (the API client already showed why); stays set until one succeeds. */
  failed: boolean;
  retry: () => void;
  /** Applies a local change (an edit's answer, a deleted row) without asking again. */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

/** GET `path` (nothing while it is null), again when it changes or on `retry`; an earlier request still running is aborted. */
export function useApiQuery<const P extends string>(path: P | null, options?: ApiQueryOptions<ApiAnswer<'GET', P>>): ApiQuery<ApiAnswer<'GET', P>>;
export function useApiQuery<T>(path: string | null, options?: ApiQueryOptions<T>): ApiQuery<T>;
export function useApiQuery<T>(path: string | null, { debounceMs = 0, onLoad }: ApiQueryOptions<T> = {}): ApiQuery<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loaded = useEffectEvent((answer: T) => {
    setData(() => answer);
    onLoad?.(answer);
    setFailed(false);
    setLoading(false);
  });

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      api<T>(path, { signal: controller.signal })
        .then((answer) => loaded(answer))
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setFailed(true);
          setLoading(false);
        });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, debounceMs, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, failed, retry, setData };
}

/** `base` with the non-empty values as its query string (`/api/perks`, `/api/perks?q=gym`). */
export function pathWithQuery<const B extends string>(base: B, values: Record<string, string | null | undefined>): B | `${B}?${string}` {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.size ? `${base}?${params}` : base;
}
