import type { ReactNode } from 'react';
import page from './Page.module.css';

/** One figure of a page's row of figures (`page.stats`): its label (with an icon when given), the value, and what
 * the page says under it (a note, a why). */
export function StatCard({
  label,
  icon,
  value,
  children,
}: {
  label: string;
  icon?: ReactNode;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={[page.card, page.stat].join(' ')}>
      <span className={page.statLabel}>
        {label}
        {icon}
      </span>
      <span className={page.statValue}>{value}</span>
      {children}
    </div>
  );
}
