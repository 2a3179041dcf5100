import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../features/session/store.js';
import { PageStatus } from './PageStatus.js';

/** Signed-in-only routes: a placeholder while the session is determined, /login without one. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageStatus />;
  // `~` keeps the path absolute even when this guard sits inside a nested router.
  if (status === 'signedOut') return <Redirect to="~/login" replace />;
  return <>{children}</>;
}

/** /login is for visitors only; a signed-in user goes to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageStatus />;
  if (status === 'signedIn') return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
