import { useEffect, useState } from 'react';

/** The lead's wall clock, so an agent sees before dialing whether it is a sensible hour there. */
export function localTimeText(now: Date, timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', weekday: 'short' }).format(
      now,
    );
  } catch {
    return undefined; // a zone this browser does not know
  }
}

export function LeadLocalTime({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Minute precision is all the panel shows; refresh a little more often than that so it never lags by a minute.
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const text = localTimeText(now, timeZone);
  if (!text) return null;
  return (
    <>
      <dt>Local time</dt>
      <dd data-testid="lead-local-time">
        {text} ({timeZone})
      </dd>
    </>
  );
}
