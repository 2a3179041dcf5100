import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { valueTicks } from './scale.js';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS custom property of the theme (`--primary`), so both themes draw in their own colours. */
  color: string;
  kind: 'bars' | 'line';
}

interface Props {
  /** The x labels, one per point (days). */
  labels: string[];
  series: ChartSeries[];
  formatValue: (value: number) => string;
  /** The finest value-axis step (1: counts get whole-number ticks). */
  tickStep: number;
}

const themeColor = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#64748b';

/**
 * A uPlot line chart (bars are drawn by BarChart). It is drawing only: the card around it gives it its accessible name and its data as a table, so
 * the canvas itself is hidden from assistive technology. Redrawn when the data, the width or the theme changes.
 */
export function UPlotChart({ labels, series, formatValue, tickStep }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      const axis = themeColor('--muted');
      const grid = themeColor('--border');
      const ticks = valueTicks(
        series.flatMap((s) => s.values),
        tickStep,
      );
      chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 240),
          height: 220,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false }, y: { range: () => [ticks[0], ticks[ticks.length - 1]] } },
          axes: [
            {
              stroke: axis,
              grid: { show: false },
              ticks: { stroke: grid },
              incrs: [1, 2, 3, 4, 5, 7, 10, 14, 20, 30, 50],
              values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            },
            {
              stroke: axis,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              size: 70,
              splits: () => ticks,
              values: (_u, splits) => splits.map(formatValue),
            },
          ],
          series: [
            {},
            ...series.map((s) => ({
              label: s.label,
              stroke: themeColor(s.color),
              width: 2,
              points: { show: labels.length < 40 },
            })),
          ],
        },
        [labels.map((_, i) => i), ...series.map((s) => s.values)],
        element,
      );
    };
    draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 240), height: 220 }));
    resize.observe(element);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [labels, series, formatValue, tickStep]);
  return <div ref={box} aria-hidden="true" />;
}
