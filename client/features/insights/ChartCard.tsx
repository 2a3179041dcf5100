import { Download } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { ToggleButton } from 'react-aria-components';
import { Button } from '../../ui/Button.js';
import { ToggleSwitch } from '../../ui/ToggleSwitch.js';
import page from '../../ui/Page.module.css';
import { saveBlob } from '../../api/download.js';
import { toCsv } from './csv.js';
import { BarChart } from './BarChart.js';
import { ChartTableView, type ChartTable } from './ChartTableView.js';
import { UPlotChart, type ChartSeries } from './UPlotChart.js';
import styles from './Insights.module.css';

interface Props {
  title: string;
  /** The headline figure, said with the title as the chart's accessible name. */
  headline: string;
  labels: string[];
  series: ChartSeries[];
  formatValue: (value: number) => string;
  /** The finest value-axis step: 1 (counts, the default) or 100 (money in cents: whole dollars). */
  tickStep?: number;
  table: ChartTable;
  fileName: string;
  children?: ReactNode;
}

/**
 * One chart: title and headline, the drawing (or its table), a legend whose entries show or hide their series, a
 * "View as table" switch and the CSV.
 */
export function ChartCard({
  title,
  headline,
  labels,
  series,
  formatValue,
  tickStep = 1,
  table,
  fileName,
  children,
}: Props) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => series.filter((s) => !hidden.has(s.label)), [series, hidden]);
  const toggle = (label: string, visible: boolean) =>
    setHidden((before) => {
      const after = new Set(before);
      if (visible) after.delete(label);
      else after.add(label);
      return after;
    });
  const download = () =>
    saveBlob(new Blob([toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }), fileName);
  return (
    <section className={page.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h2 id={titleId} className={page.cardTitle}>
            {title}
          </h2>
          <p className={styles.headline}>{headline}</p>
        </div>
        <div className={styles.cardTools}>
          <ToggleSwitch isSelected={asTable} onChange={setAsTable}>
            View as table
          </ToggleSwitch>
          <Button variant="secondary" onPress={download} aria-label={`Download ${title} as CSV`}>
            <Download size={16} aria-hidden="true" /> CSV
          </Button>
        </div>
      </div>
      {children}
      {asTable ? (
        <ChartTableView title={title} table={table} />
      ) : (
        <>
          <figure className={styles.figure} role="img" aria-label={`${title}: ${headline}`}>
            {series.every((s) => s.kind === 'bars') ? (
              <BarChart labels={labels} series={shown} formatValue={formatValue} tickStep={tickStep} />
            ) : (
              <UPlotChart labels={labels} series={shown} formatValue={formatValue} tickStep={tickStep} />
            )}
          </figure>
          <div className={styles.legend} role="group" aria-label={`${title} series`}>
            {series.map((s) => (
              <ToggleButton
                key={s.label}
                className={styles.legendItem}
                isSelected={!hidden.has(s.label)}
                onChange={(visible) => toggle(s.label, visible)}
              >
                <span className={styles.swatch} style={{ background: `var(${s.color})` }} aria-hidden="true" />
                {s.label}
              </ToggleButton>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
