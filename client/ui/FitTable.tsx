import { useLayoutEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import styles from './FitTable.module.css';

/**
 * The wrapper of a data table that must never hide a column behind a sideways scroll: when the table is wider than
 * the room it has (a side panel open, a narrow window), its rows become cards, each cell headed by its column's name
 * (copied from the header row into `data-label`). It goes back to a table as soon as the table fits again.
 */
export function FitTable({ children, className, ...props }: HTMLAttributes<HTMLDivElement> & { children: ReactNode }) {
  const wrap = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = wrap.current;
    if (!element) return;
    let width = -1;
    const fit = () => {
      const table = element.querySelector('table');
      if (!table) return;
      labelCells(table);
      // Measured as a table: the width it needs, against the width it has.
      delete element.dataset.stacked;
      if (table.scrollWidth > element.clientWidth + 1) element.dataset.stacked = '';
    };
    const resized = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fit();
    });
    resized.observe(element);
    const changed = new MutationObserver(fit);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, []);
  return (
    <div ref={wrap} className={[styles.wrap, className].filter(Boolean).join(' ')} {...props}>
      {children}
    </div>
  );
}

function labelCells(table: HTMLTableElement) {
  const headers = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? '');
  for (const body of table.tBodies)
    for (const row of body.rows)
      [...row.cells].forEach((cell, i) => {
        if (headers[i] && cell.dataset.label !== headers[i]) cell.dataset.label = headers[i];
      });
}
