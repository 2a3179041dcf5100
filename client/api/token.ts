import { fetchHonouringRetryAfter } from './retry-after.js';

/**
 * The access token lives in memory only (the refresh token is an HttpOnly cookie the script never sees).
 * Refresh rotation is strict on the server, so refreshes are serialised across tabs with a Web Lock:
 * two tabs presenting the same cookie at once would look like token theft and end the session.
 */
let accessToken: string | null = null;
let inflight: Promise<string | null> | null = null;
let renewTimer: ReturnType<typeof setTimeout> | undefined;
const lostListeners = new Set<(message: string | undefined) => void>();
const renewedListeners = new Set<(token: string) => void>();

const RENEW_BEFORE_EXPIRY_MS = 60_000;
const RETRY_START_MS = 200;
const RETRY_ATTEMPTS = 5;

export class NetworkError extends Error {
  constructor() {
    super('Could not reach the server. Please check your connection and try again.');
    this.name = 'NetworkError';
  }
}

export function currentAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  const changed = token !== accessToken;
  accessToken = token;
  if (token && changed) for (const listener of renewedListeners) listener(token);
  clearTimeout(renewTimer);
  const expiresAt = token ? expiryOf(token) : undefined;
  if (expiresAt) {
    renewTimer = setTimeout(
      () => void renewQuietly(),
      Math.max(5_000, expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS),
    );
  }
}

/** Called with each new access token (sign-in, refresh, password change): the live socket hands it to the server. */
export function onAccessTokenRenewed(listener: (token: string) => void): () => void {
  renewedListeners.add(listener);
  return () => renewedListeners.delete(listener);
}

/** Called when the server ends the session (refresh refused): the session store signs the user out. */
export function onSessionLost(listener: (message: string | undefined) => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

/** A new access token from the refresh cookie, or null when the server says the session is over. */
export function refreshAccessToken(): Promise<string | null> {
  inflight ??= withRefreshLock(refreshWithBackOff).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function renewQuietly(): Promise<void> {
  try {
    await refreshAccessToken();
  } catch {
    // Offline: the next API call retries the refresh.
  }
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks)
    return navigator.locks.request('cw-auth-refresh', task) as Promise<T>;
  return task();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function refreshWithBackOff(): Promise<string | null> {
  let delay = RETRY_START_MS;
  for (let attempt = 1; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetchHonouringRetryAfter('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    } catch {
      response = undefined;
    }
    if (response?.ok) {
      const body = (await response.json()) as { accessToken: string };
      setAccessToken(body.accessToken);
      return body.accessToken;
    }
    if (response && response.status < 500 && response.status !== 429) {
      const refusal = ((await response.json().catch(() => ({}))) as { error?: string }).error;
      setAccessToken(null);
      for (const listener of lostListeners) listener(refusal);
      return null;
    }
    if (attempt >= RETRY_ATTEMPTS) throw new NetworkError();
    await sleep(delay);
    delay *= 2;
  }
}

function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return payload.exp ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
