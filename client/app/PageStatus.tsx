/** Shown while a route's code or the session is on its way. */
export function PageStatus({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="page-status" role="status" aria-live="polite">
      {label}
    </div>
  );
}
