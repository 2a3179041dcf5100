import type { InsightBucket } from '../../../shared/schemas/insights/query.js';
import { formatCents } from '../../ui/format.js';

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A bucket label from the API ('2026-03-09' or '2026-03') as people read it; the date is the viewer's own day. */
export function bucketLabel(start: string, bucket: InsightBucket): string {
  if (bucket === 'month') return month.format(new Date(`${start}-01T00:00:00Z`));
  const day = short.format(new Date(`${start}T00:00:00Z`));
  return bucket === 'week' ? `Week of ${day}` : day;
}

export const money = (cents: number) => formatCents(Math.round(cents));
export const count = (value: number) => Math.round(value).toLocaleString('en-US');
export const rate = (percent: number) => `${percent}%`;
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function talkTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${seconds % 60} s`;
}
