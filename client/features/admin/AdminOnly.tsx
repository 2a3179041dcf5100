import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/EmptyState.js';
import { useSession } from '../session/public.js';

/**
 * The sidebar links the admin area for everyone (spec 1); the server answers only admins, so other
 * roles get a plain explanation instead of a screen of failing requests.
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSession();
  if (user?.role === 'admin') return <>{children}</>;
  return (
    <section aria-labelledby="admin-only-title">
      <h1 id="admin-only-title">{title}</h1>
      <EmptyState title="You do not have access to this.">
        <p>This area is for admins only. Please contact support if you believe you should have admin access.</p>
      </EmptyState>
    </section>
  );
}
