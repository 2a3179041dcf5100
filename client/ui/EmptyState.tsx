import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** The spec's empty-state lines ("No campaigns found", ...), with an optional hint or action below. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}
