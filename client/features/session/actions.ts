import type { AuthSession } from '../../../shared/schemas/auth/session.js';
import type { MeResponse } from '../../../shared/schemas/me/get.js';
import type { PublicUser } from '../../../shared/types/user.js';
import { api, ApiError } from '../../api/client.js';
import { onSessionLost, refreshAccessToken, setAccessToken } from '../../api/token.js';
import { errorToast, toast } from '../../ui/toast.js';
import { session } from './store.js';

/**
 * Set while this browser holds a refresh cookie we issued, so anonymous visitors of the landing page
 * do not send a refresh request that can only fail. The server stays the judge of the session.
 */
const HINT_KEY = 'session_hint';

const hasHint = () => localStorage.getItem(HINT_KEY) === '1';

/**
 * Set by a sign-in in this tab and taken by the dashboard's first access check, so "Welcome to your
 * Dashboard!" greets a sign-in, not every full page load of a signed-in page. Session storage keeps it across
 * the navigation that follows a sign-in but not into other tabs.
 */
const WELCOME_KEY = 'welcome_pending';

export function takeWelcome(): boolean {
  try {
    const pending = sessionStorage.getItem(WELCOME_KEY) === '1';
    sessionStorage.removeItem(WELCOME_KEY);
    return pending;
  } catch {
    return false;
  }
}

/**
 * The tabs of this browser share one refresh cookie: when one of them learns the session is over (sign-out, a
 * refused refresh), it tells the others at once, instead of each finding out when its access token expires.
 */
let tabs: BroadcastChannel | null = null;
const SIGNED_OUT = 'signed-out';

function becomeSignedOut(options: { tellOtherTabs?: boolean } = {}): void {
  if (options.tellOtherTabs !== false && session.status === 'signedIn') tabs?.postMessage(SIGNED_OUT);
  setAccessToken(null);
  localStorage.removeItem(HINT_KEY);
  session.user = null;
  session.access = null;
  session.status = 'signedOut';
}

/** Once per page load: turn the refresh cookie (if any) into an access token and the user. */
export async function startSession(): Promise<void> {
  // Opened here, not when the module loads: the prerender imports this module in Node, where an open channel would
  // keep the build from ever exiting.
  tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('cw-session');
  tabs?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === SIGNED_OUT && session.status === 'signedIn') becomeSignedOut({ tellOtherTabs: false });
  });
  onSessionLost((message) => {
    if (session.status !== 'signedIn') return;
    becomeSignedOut();
    if (message) errorToast('Error', message);
  });
  if (!hasHint()) return becomeSignedOut();
  try {
    if (!(await refreshAccessToken())) return becomeSignedOut();
    await loadMe();
  } catch {
    // The server did not answer: show the public state now and keep the hint for the next load.
    setAccessToken(null);
    session.status = 'signedOut';
  }
}

/** Re-reads the user and their access (after sign-in, role changes, ...). */
export async function loadMe(): Promise<MeResponse | null> {
  try {
    const me = await api('/api/me', { quiet: true });
    const { access, ...user } = me;
    session.user = user as PublicUser;
    session.access = access;
    session.status = 'signedIn';
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) becomeSignedOut();
    throw error;
  }
}

/** Login, 2FA and verify answer with a session: keep the token in memory and the user in the store. */
export function adoptSession(auth: AuthSession): void {
  setAccessToken(auth.accessToken);
  localStorage.setItem(HINT_KEY, '1');
  try {
    sessionStorage.setItem(WELCOME_KEY, '1');
  } catch {
    // Storage refused: the sign-in works, only the greeting is skipped.
  }
  session.user = auth.user as PublicUser;
  session.access = null;
  session.status = 'signedIn';
  loadMe().catch(() => undefined);
}

export function replaceUser(user: PublicUser): void {
  session.user = user;
}

/** Ends the session on the server (this device's refresh family) and here. */
export async function signOut(options: { announce?: boolean } = {}): Promise<boolean> {
  try {
    await api('/api/auth/logout', { method: 'POST', quiet: true });
  } catch (error) {
    if (error instanceof ApiError) {
      errorToast('Logout failed', error.message);
      return false;
    }
    // Offline: the cookie cannot be revoked now, but this device forgets the session anyway.
  }
  becomeSignedOut();
  if (options.announce !== false) toast({ title: 'Logged out successfully', variant: 'success' });
  return true;
}

/** "Sign out of all sessions": every device and tab of the user, this one included (`POST /api/auth/logout-all`). */
export async function signOutEverywhere(): Promise<boolean> {
  try {
    await api('/api/auth/logout-all', { method: 'POST' });
  } catch {
    return false; // The API client showed why.
  }
  becomeSignedOut();
  toast({ title: 'Logged out successfully', variant: 'success' });
  return true;
}
