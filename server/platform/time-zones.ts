// Time zone names, for any feature that takes one (a campaign's zone, an imported lead's).
const canonicalNames = new Map<string, string | undefined>();

/** The zone's name as Intl knows it (an alias such as US/Eastern becomes America/New_York), or undefined if unknown. */
export function canonicalTimeZone(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 64) return undefined;
  // Building a DateTimeFormat costs about a millisecond; an import asks for the same few names thousands of times.
  if (canonicalNames.has(trimmed)) return canonicalNames.get(trimmed);
  let zone: string | undefined;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  if (canonicalNames.size >= 2_000) canonicalNames.clear();
  canonicalNames.set(trimmed, zone);
  return zone;
}
