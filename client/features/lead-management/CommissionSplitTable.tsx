import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import type { SplitLine } from './deal-view.js';

/** Who earns what of a deal being closed: an agent, their share and commission a row. */
export function CommissionSplitTable({ lines, label }: { lines: SplitLine[]; label: string }) {
  return (
    <table className={page.table} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Agent</th>
          <th scope="col">Share</th>
          <th scope="col" className={page.num}>
            Commission
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.role}>
            <td>{line.name}</td>
            <td>
              {line.role} {line.percent}%
            </td>
            <td className={page.num}>{formatCents(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
