import { useLayoutEffect, useRef, useState } from 'react';
import { fitText, textWidth, valueTicks } from './scale.js';
import type { ChartSeries } from './UPlotChart.js';
import styles from './Insights.module.css';

interface Props {
  labels: string[];
  series: ChartSeries[];
  formatValue: (value: number) => string;
  /** The finest tick step: 1 for counts, 100 for money in cents (whole dollars). */
  tickStep: number;
}

const PLOT_HEIGHT = 200;
const FONT_SIZE = 12;
/** A label row shorter than this (px) would collide with its neighbour when labels stand upright. */
const LINE = FONT_SIZE + 4;
/** Categories at least this wide (px) keep their label level; narrower ones turn it upright. */
const LEVEL_SLOT = 56;
const UPRIGHT_LABEL = 96;
const MAX_BAR = 40;

/**
 * Grouped bars drawn as SVG: each category holds one bar per series side by side, so no series can hide another,
 * whatever the values. Category labels are cut to their slot with an ellipsis (the full name is the tooltip), stand
 * upright when the slots are narrow and, when even that does not fit, every n-th label is shown. The value axis has
 * round steps no finer than `tickStep`. Drawing only: the card gives the accessible name and the table.
 */
export function BarChart({ labels, series, formatValue, tickStep }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, font: '' });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () =>
      setSize({ width: element.clientWidth, font: `${FONT_SIZE}px ${getComputedStyle(element).fontFamily}` });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { width, font } = size;
  const ticks = valueTicks(
    series.flatMap((s) => s.values),
    tickStep,
  );
  const low = ticks[0];
  const high = ticks[ticks.length - 1];
  const tickLabels = ticks.map(formatValue);
  const left = Math.ceil(Math.max(...tickLabels.map((t) => (font ? textWidth(t, font) : 30)))) + 10;
  const plotWidth = Math.max(width - left - 4, 40);
  const slot = plotWidth / Math.max(labels.length, 1);
  const level = slot >= LEVEL_SLOT;
  const every = level ? 1 : Math.ceil(LINE / slot);
  const longest = font ? Math.max(0, ...labels.map((label) => textWidth(label, font))) : UPRIGHT_LABEL;
  const labelArea = level ? LINE + 6 : Math.ceil(Math.min(UPRIGHT_LABEL, longest)) + 8;
  const height = PLOT_HEIGHT + labelArea;
  const y = (value: number) => PLOT_HEIGHT - ((value - low) / (high - low || 1)) * (PLOT_HEIGHT - 8);
  const group = Math.min(slot * 0.8, series.length * MAX_BAR);
  const bar = series.length ? group / series.length : 0;

  return (
    <div ref={box} className={styles.barChart}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" data-chart="bars">
          {ticks.map((tick, i) => (
            <g key={tick} data-tick={tickLabels[i]}>
              <line x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} stroke="var(--border)" />
              <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={FONT_SIZE} fill="var(--muted)">
                {tickLabels[i]}
              </text>
            </g>
          ))}
          {labels.map((label, c) => {
            const start = left + c * slot + (slot - group) / 2;
            return (
              <g key={c} data-category={label}>
                {series.map((s, i) => {
                  const value = s.values[c] ?? 0;
                  const top = Math.min(y(value), y(0));
                  return (
                    <rect
                      key={s.label}
                      data-series={s.label}
                      x={start + i * bar}
                      y={top}
                      width={Math.max(bar - 1, 1)}
                      height={Math.abs(y(value) - y(0))}
                      fill={`var(${s.color})`}
                    >
                      <title>{`${label}, ${s.label}: ${formatValue(value)}`}</title>
                    </rect>
                  );
                })}
                {c % every === 0 && (
                  <CategoryLabel
                    label={label}
                    x={left + c * slot + slot / 2}
                    top={PLOT_HEIGHT + 6}
                    room={level ? slot - 6 : UPRIGHT_LABEL}
                    level={level}
                    font={font}
                  />
                )}
              </g>
            );
          })}
          <line x1={left} x2={left + plotWidth} y1={y(0)} y2={y(0)} stroke="var(--muted)" />
        </svg>
      )}
    </div>
  );
}

function CategoryLabel({
  label,
  x,
  top,
  room,
  level,
  font,
}: {
  label: string;
  x: number;
  top: number;
  room: number;
  level: boolean;
  font: string;
}) {
  const shown = fitText(label, room, font);
  return (
    <text
      data-label={label}
      x={x}
      y={top}
      fontSize={FONT_SIZE}
      fill="var(--muted)"
      textAnchor={level ? 'middle' : 'end'}
      dominantBaseline={level ? 'hanging' : 'central'}
      transform={level ? undefined : `rotate(-90 ${x} ${top})`}
    >
      {shown}
      <title>{label}</title>
    </text>
  );
}
