import page from '../../ui/Page.module.css';

export interface ChartTable {
  header: string[];
  /** Figures as shown; numbers right-aligned. */
  rows: Array<Array<string | number>>;
}

/** A chart's figures as a real table: a row header per category, the figures right-aligned. */
export function ChartTableView({ title, table }: { title: string; table: ChartTable }) {
  return (
    // A wide table scrolls sideways: keyboard users reach it by Tab and scroll it with the arrow keys.
    <div className={page.tableWrap} tabIndex={0} role="group" aria-label={`${title} table`}>
      <table className={page.table} aria-label={`${title} table`}>
        <thead>
          <tr>
            {table.header.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((value, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {value}
                  </th>
                ) : (
                  <td key={c} className={page.num}>
                    {value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
