const DAY_MS = 86_400_000;

/** Whole days until the trial ends, counting a started day as a day; never negative. */
export function trialDaysLeft(trialEndsAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(trialEndsAt).getTime() - now) / DAY_MS));
}
