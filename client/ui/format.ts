const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Money travels in integer cents; whole amounts drop the ".00" so cards stay short. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollars.format(cents / 100);
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(fraction * 100 >= 10 || fraction === 0 ? 0 : 1)}%`;
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dayTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export const formatDate = (iso: string) => day.format(new Date(iso));
export const formatDateTime = (iso: string) => dayTime.format(new Date(iso));
export const formatTime = (iso: string) => time.format(new Date(iso));

/** "1 payout", "3 payouts": a count with its noun (nouns whose plural adds an "s"). */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 minutes ago", for feeds and notifications. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${plural(days, 'day')} ago`;
  return formatDate(iso);
}
