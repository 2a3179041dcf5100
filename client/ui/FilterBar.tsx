import type { HTMLAttributes } from 'react';
import styles from './FilterBar.module.css';

/** The row of search, selects and filter groups above a list; wraps on narrow screens. */
export function FilterBar({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div {...props} className={[styles.bar, className ?? ''].join(' ')} />;
}
