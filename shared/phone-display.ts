import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A number as people read it: North American numbers (10 digits, or 11 with the leading 1) as (xxx) xxx-xxxx, as
 * the spec shows them, with "+1 " in front when `withUsCode` and the number carried it; any other number that
 * libphonenumber-js recognises in its international format, grouped by its country's rules ("+44 20 7946 0958");
 * anything it cannot read (a number still being typed, a short code) as given.
 */
export function displayPhone(number: string, { withUsCode = false } = {}): string {
  const digits = number.replace(/\D/g, '');
  const hasUsCode = digits.length === 11 && digits.startsWith('1');
  const local = hasUsCode ? digits.slice(1) : digits;
  if (local.length === 10 && (hasUsCode || !number.trim().startsWith('+')))
    return `${withUsCode && hasUsCode ? '+1 ' : ''}(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  const parsed = digits ? parsePhoneNumberFromString(`+${digits}`) : undefined;
  return parsed?.isValid() ? parsed.formatInternational() : number;
}
