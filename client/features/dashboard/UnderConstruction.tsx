import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './UnderConstruction.module.css';

/**
 * For dashboard areas whose screens are still being built: says so plainly instead of showing sample data.
 * Each area renders it from its own folder, so the real screen replaces one file.
 */
export function UnderConstruction({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="under-construction-title">
      <h1 id="under-construction-title">{title}</h1>
      <div className={styles.notice}>
        <Hammer size={28} aria-hidden="true" />
        <div>
          <p className={styles.lead}>This area is being built.</p>
          <p className={styles.text}>{children}</p>
        </div>
      </div>
    </section>
  );
}
