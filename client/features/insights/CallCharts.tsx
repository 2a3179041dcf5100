import type { Snapshot } from 'valtio';
import { useMemo } from 'react';
import type { CallsInsights } from '../../../shared/schemas/insights/agent.js';
import { ChartCard } from './ChartCard.js';
import { bucketLabel, count, hourLabel, rate, talkTime } from './format.js';

/** A sales user's dials and connects per period. */
export function CallsChart({ data }: { data: Snapshot<CallsInsights> }) {
  const { buckets, totals, range } = data;
  const labels = useMemo(() => buckets.map((b) => bucketLabel(b.start, range.bucket)), [buckets, range.bucket]);
  const series = useMemo(
    () => [
      { label: 'Dials', values: buckets.map((b) => b.dials), color: '--focus', kind: 'bars' as const },
      { label: 'Connects', values: buckets.map((b) => b.connects), color: '--primary', kind: 'bars' as const },
    ],
    [buckets],
  );
  const table = {
    header: ['Period', 'Dials', 'Connects', 'Talk time', 'Connect rate'],
    rows: buckets.map((b, i) => [labels[i], b.dials, b.connects, talkTime(b.talkSeconds), rate(b.connectRate)]),
  };
  const headline = `${count(totals.dials)} dials, ${count(totals.connects)} connects (${rate(totals.connectRate)}), ${talkTime(totals.talkSeconds)} talk time`;
  return (
    <ChartCard
      title="Calls per day"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={count}
      table={table}
      fileName="calls.csv"
    />
  );
}

/** A sales user's dials and connects by hour of day, and the hour with the most connects. */
export function HoursChart({ data }: { data: Snapshot<CallsInsights> }) {
  const labels = useMemo(() => data.byHour.map((h) => hourLabel(h.hour)), [data.byHour]);
  const series = useMemo(
    () => [
      { label: 'Dials', values: data.byHour.map((h) => h.dials), color: '--focus', kind: 'bars' as const },
      { label: 'Connects', values: data.byHour.map((h) => h.connects), color: '--primary', kind: 'bars' as const },
    ],
    [data.byHour],
  );
  const best = data.byHour.reduce((top, h) => (h.connects > top.connects ? h : top), data.byHour[0]);
  const headline =
    best && best.connects > 0
      ? `Most connects at ${hourLabel(best.hour)} (${best.connects} of ${data.totals.connects})`
      : 'No connected calls in this period';
  const table = {
    header: ['Hour', 'Dials', 'Connects'],
    rows: data.byHour.map((h) => [hourLabel(h.hour), h.dials, h.connects]),
  };
  return (
    <ChartCard
      title="Calls by hour of day"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={count}
      table={table}
      fileName="calls-by-hour.csv"
    />
  );
}
