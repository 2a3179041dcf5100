/** Calling-hours and daily-cap arithmetic, pure so tests can pin the clock. */

export const CALLING_HOURS = { startHour: 8, endHour: 21 } as const;

export interface LocalTime {
  hour: number;
  minute: number;
  /** h:mm, e.g. 21:05 or 7:30. */
  text: string;
}

export function localTimeIn(now: Date, timeZone: string): LocalTime | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(now);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value);
    const minute = Number(parts.find((p) => p.type === 'minute')?.value);
    if (!Number.isFinite(hour) || !Number.isFinite(minute)) return null;
    return { hour, minute, text: `${hour}:${String(minute).padStart(2, '0')}` };
  } catch {
    return null; // unknown time zone name
  }
}

/** 8:00 inclusive to 21:00 exclusive, local to the lead. An unknown zone is never a reason to call. */
export function withinCallingHours(now: Date, timeZone: string): { allowed: boolean; local: LocalTime | null } {
  const local = localTimeIn(now, timeZone);
  if (!local) return { allowed: false, local };
  return { allowed: local.hour >= CALLING_HOURS.startHour && local.hour < CALLING_HOURS.endHour, local };
}

/** The daily cap counts calls since midnight UTC. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function secondsUntilNextUtcDay(now: Date): number {
  return Math.ceil((startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000);
}

/** The lead's own zone first (top-level or in its campaign details), else the campaign's. */
export function callingTimeZone(lead: { timeZone?: string; details?: Record<string, unknown> } | null, campaign: { timeZone?: string } | null): string | undefined {
  const fromDetails = lead?.details?.timeZone;
  return lead?.timeZone || (typeof fromDetails === 'string' && fromDetails ? fromDetails : undefined) || campaign?.timeZone || undefined;
}
