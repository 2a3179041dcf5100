import {
  DEFAULT_CALLING_HOURS,
  minutesOfDay,
  type CallingHours,
} from '../../../shared/schemas/campaigns/calling-hours.js';
import { callingTimeZone } from '../leads/public.js';

/** Calling-hours and daily-cap arithmetic, pure so tests can pin the clock. */

export interface LocalTime {
  hour: number;
  minute: number;
  /** h:mm, e.g. 21:05 or 7:30. */
  text: string;
}

export function localTimeIn(now: Date, timeZone: string): LocalTime | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(now);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value);
    const minute = Number(parts.find((p) => p.type === 'minute')?.value);
    if (!Number.isFinite(hour) || !Number.isFinite(minute)) return null;
    return { hour, minute, text: `${hour}:${String(minute).padStart(2, '0')}` };
  } catch {
    return null; // unknown time zone name
  }
}

/** Start inclusive, end exclusive (8:00-21:00 unless the campaign says), local to the lead. An unknown zone is never a reason to call. */
export function withinCallingHours(
  now: Date,
  timeZone: string,
  hours: CallingHours = DEFAULT_CALLING_HOURS,
): { allowed: boolean; local: LocalTime | null } {
  const local = localTimeIn(now, timeZone);
  if (!local) return { allowed: false, local };
  const minute = local.hour * 60 + local.minute;
  return { allowed: minute >= minutesOfDay(hours.start) && minute < minutesOfDay(hours.end), local };
}

/** The daily cap counts calls since midnight UTC. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function secondsUntilNextUtcDay(now: Date): number {
  return Math.ceil((startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000);
}

/** Re-exported: the dialer and the lead views judge a lead's zone the same way. */
export { callingTimeZone };
