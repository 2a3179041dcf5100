import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'blue' | 'yellow' | 'green' | 'grey' | 'accent' | 'red';

export function Badge({ tone = 'grey', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={[styles.badge, styles[tone]].join(' ')}>{children}</span>;
}
