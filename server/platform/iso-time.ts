const MS_PER_DAY = 86_400_000;
/** 10000-01-01T00:00:00Z: from there on `toISOString` writes a signed six-digit year. */
const YEAR_10000 = 253_402_300_800_000;
// Character codes of '0', '-', ':', '.', 'T' and 'Z'.
const ZERO = 48;
const DASH = 45;
const COLON = 58;
const DOT = 46;
const T = 84;
const Z = 90;
const tens = (n: number) => ZERO + Math.floor(n / 10);
const units = (n: number) => ZERO + (n % 10);

/**
 * `date.toISOString()`, written from the time value with integer arithmetic (the proleptic Gregorian calendar,
 * days to civil date as in Howard Hinnant's `civil_from_days`) straight into one flat string. V8's own takes about
 * 0.4 µs a call, and a page of 25 leads writes 75 of them; this takes half of that. Dates before 1970 or from year
 * 10000 on, and invalid ones (which throw RangeError), are left to `toISOString`.
 */
export function isoTime(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= 0 && ms < YEAR_10000)) return date.toISOString();
  const days = Math.floor(ms / MS_PER_DAY);
  const msOfDay = ms - days * MS_PER_DAY;
  // Days since 0000-03-01, so that a leap day falls at the end of its (March-based) year.
  const fromMarch = days + 719_468;
  const era = Math.floor(fromMarch / 146_097);
  const dayOfEra = fromMarch - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(msOfDay / 3_600_000);
  const minutes = Math.floor(msOfDay / 60_000) % 60;
  const seconds = Math.floor(msOfDay / 1000) % 60;
  const millis = msOfDay % 1000;
  return String.fromCharCode(
    ZERO + Math.floor(year / 1000),
    units(Math.floor(year / 100)),
    units(Math.floor(year / 10)),
    units(year),
    DASH,
    tens(month),
    units(month),
    DASH,
    tens(day),
    units(day),
    T,
    tens(hours),
    units(hours),
    COLON,
    tens(minutes),
    units(minutes),
    COLON,
    tens(seconds),
    units(seconds),
    DOT,
    ZERO + Math.floor(millis / 100),
    units(Math.floor(millis / 10)),
    units(millis),
    Z,
  );
}
