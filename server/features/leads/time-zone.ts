import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { NANP_AREA_ZONES } from './nanp-zones.js';

/** The zone's name as Intl knows it (an alias such as US/Eastern becomes America/New_York), or undefined if unknown. */
export function canonicalTimeZone(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Zones of a country from the CLDR data Intl ships (Node 20 has the `timeZones` getter, later versions `getTimeZones()`). */
function countryZones(country: CountryCode): string[] {
  const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
}

/**
 * Where a number rings, as far as the number says: a +1 number by its area code, any other by its country when
 * that country has a single zone. `phone` is as stored on a lead: digits with the country code when known, so 10
 * digits are a North American number without its leading 1.
 */
export function timeZoneOfPhone(phone: string | undefined): string | undefined {
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (digits.length < 7) return undefined;
  const parsed = parsePhoneNumberFromString(digits.length === 10 ? `+1${digits}` : `+${digits}`);
  if (!parsed) return undefined;
  if (parsed.countryCallingCode === '1') return NANP_AREA_ZONES.get(parsed.nationalNumber.slice(0, 3));
  if (!parsed.country) return undefined;
  const zones = countryZones(parsed.country);
  return zones.length === 1 ? canonicalTimeZone(zones[0]) : undefined;
}

/** A lead's own zone: the value it was imported with, else the one its phone number gives. */
export function leadTimeZone(explicit: unknown, phone: string | undefined): string | undefined {
  return canonicalTimeZone(explicit) ?? timeZoneOfPhone(phone);
}

/**
 * The zone calling hours are judged in: the lead's own (top-level, as imported, or in its campaign details), else
 * the one its phone number gives (country, or area code for +1), else the campaign's.
 */
export function callingTimeZone(
  lead: { timeZone?: string; details?: Record<string, unknown>; phone?: string } | null,
  campaign: { timeZone?: string } | null,
): string | undefined {
  return lead?.timeZone || canonicalTimeZone(lead?.details?.timeZone) || timeZoneOfPhone(lead?.phone) || campaign?.timeZone || undefined;
}
