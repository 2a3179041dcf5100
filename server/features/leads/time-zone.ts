import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { canonicalTimeZone } from '../../platform/time-zones.js';
import { NANP_AREA_ZONES } from './nanp-zones.js';

const countryZoneCache = new Map<CountryCode, string | undefined>();

/** The zone of a country that has exactly one (CLDR data in Intl: the `timeZones` getter in Node 20, `getTimeZones()` later). */
function countryZone(country: CountryCode): string | undefined {
  if (countryZoneCache.has(country)) return countryZoneCache.get(country);
  const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & {
    timeZones?: string[];
    getTimeZones?: () => string[];
  };
  const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
  const zone = zones.length === 1 ? canonicalTimeZone(zones[0]) : undefined;
  countryZoneCache.set(country, zone);
  return zone;
}

/**
 * Where a number rings, as far as the number says: a +1 number by its area code, any other by its country when
 * that country has a single zone. `phone` is as stored on a lead: digits with the country code when known, so 10
 * digits are a North American number without its leading 1.
 */
export function timeZoneOfPhone(phone: string | undefined): string | undefined {
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (digits.length < 7) return undefined;
  // North American numbers need no parsing: the area code follows the optional 1.
  if (digits.length === 10) return NANP_AREA_ZONES.get(digits.slice(0, 3));
  if (digits.length === 11 && digits.startsWith('1')) return NANP_AREA_ZONES.get(digits.slice(1, 4));
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed) return undefined;
  if (parsed.countryCallingCode === '1') return NANP_AREA_ZONES.get(parsed.nationalNumber.slice(0, 3));
  return parsed.country ? countryZone(parsed.country) : undefined;
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
  return (
    lead?.timeZone ||
    canonicalTimeZone(lead?.details?.timeZone) ||
    timeZoneOfPhone(lead?.phone) ||
    campaign?.timeZone ||
    undefined
  );
}
