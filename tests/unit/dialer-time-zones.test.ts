import { describe, expect, it } from 'vitest';
import { withinCallingHours } from '../../server/features/dialer/compliance.js';
import { readRow, resolveMapping } from '../../server/features/leads/csv.js';
import { NANP_AREA_ZONES } from '../../server/features/leads/nanp-zones.js';
import { callingTimeZone, leadTimeZone, timeZoneOfPhone } from '../../server/features/leads/time-zone.js';
import { canonicalTimeZone } from '../../server/platform/time-zones.js';
import { DialerRuleMessages, formatPhone } from '../../shared/schemas/dialer/messages.js';
import { SkipReasons } from '../../shared/schemas/leads/import.js';

describe("a lead's time zone", () => {
  it('comes from the phone number: the country, or the area code of a +1 number', () => {
    expect(timeZoneOfPhone('201012345678')).toBe('Africa/Cairo');
    expect(timeZoneOfPhone('12125550101')).toBe('America/New_York');
    expect(timeZoneOfPhone('2125550101')).toBe('America/New_York');
    expect(timeZoneOfPhone('14155550101')).toBe('America/Los_Angeles');
    expect(timeZoneOfPhone('13125550101')).toBe('America/Chicago');
    expect(timeZoneOfPhone('16025550101')).toBe('America/Phoenix');
    expect(timeZoneOfPhone('442071234567')).toBe('Europe/London');
    // 555 is no real area code, Australia has many zones, too short is no number: nothing to say.
    expect(timeZoneOfPhone('5553000001')).toBeUndefined();
    expect(timeZoneOfPhone('61212345678')).toBeUndefined();
    expect(timeZoneOfPhone('12345')).toBeUndefined();
    expect(timeZoneOfPhone(undefined)).toBeUndefined();
  });

  it('names only zones Intl knows, for every North American area code', () => {
    expect(NANP_AREA_ZONES.size).toBeGreaterThan(400);
    for (const zone of new Set(NANP_AREA_ZONES.values())) expect(canonicalTimeZone(zone)).toBeTruthy();
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });

  it("prefers the lead's own field, then its number, then the campaign", () => {
    expect(leadTimeZone('Asia/Dubai', '12125550101')).toBe('Asia/Dubai');
    expect(leadTimeZone(undefined, '12125550101')).toBe('America/New_York');
    expect(callingTimeZone({ timeZone: 'Asia/Dubai', phone: '12125550101' }, { timeZone: 'UTC' })).toBe('Asia/Dubai');
    expect(callingTimeZone({ details: { timeZone: 'Africa/Cairo' }, phone: '12125550101' }, { timeZone: 'UTC' })).toBe(
      'Africa/Cairo',
    );
    expect(callingTimeZone({ phone: '201012345678' }, { timeZone: 'UTC' })).toBe('Africa/Cairo');
    expect(callingTimeZone({ phone: '5553000001' }, { timeZone: 'Europe/Berlin' })).toBe('Europe/Berlin');
  });

  it('is read from an imported time zone column, and a wrong name skips the row', () => {
    const columns = ['Name', 'Phone', 'Time Zone'];
    const fields = resolveMapping(columns, undefined);
    expect(readRow(['Ada', '+1 212 555 0101', 'america/chicago'], columns, fields)).toMatchObject({
      timeZone: 'America/Chicago',
    });
    expect(readRow(['Ada', '+1 212 555 0101', 'Nowhere/Land'], columns, fields)).toEqual({
      reason: SkipReasons.badTimeZone,
    });
  });
});

describe('calling hours', () => {
  it("follow the campaign's window, start inclusive and end exclusive", () => {
    const hours = { start: '09:30', end: '17:00' };
    expect(withinCallingHours(new Date('2026-01-05T14:30:00Z'), 'America/New_York', hours)).toMatchObject({
      allowed: true,
      local: { text: '9:30' },
    });
    expect(withinCallingHours(new Date('2026-01-05T14:29:00Z'), 'America/New_York', hours)).toMatchObject({
      allowed: false,
      local: { text: '9:29' },
    });
    expect(withinCallingHours(new Date('2026-01-05T22:00:00Z'), 'America/New_York', hours)).toMatchObject({
      allowed: false,
      local: { text: '17:00' },
    });
    expect(DialerRuleMessages.outsideHours('9:29', 'America/New_York', hours)).toBe(
      "Outside calling hours: it is 9:29 for this lead (America/New_York); calls are allowed 9:30-17:00 in the lead's time zone.",
    );
  });

  it('move with daylight saving time: the same UTC instant is 7:30 one day and 8:30 the next', () => {
    expect(withinCallingHours(new Date('2026-03-07T12:30:00Z'), 'America/New_York')).toMatchObject({
      allowed: false,
      local: { text: '7:30' },
    });
    expect(withinCallingHours(new Date('2026-03-08T12:30:00Z'), 'America/New_York')).toMatchObject({
      allowed: true,
      local: { text: '8:30' },
    });
  });
});

describe('do-not-call messages', () => {
  it('show a North American number formatted, with or without its leading 1', () => {
    expect(formatPhone('15553000001')).toBe('(555) 300-0001');
    expect(formatPhone('+1 555 300 0001')).toBe('(555) 300-0001');
    expect(DialerRuleMessages.doNotCall('15553000001')).toBe(
      '(555) 300-0001 is on the do-not-call list and cannot be dialed.',
    );
    expect(formatPhone('+20 10 1234 5678')).toBe('+20 10 12345678');
  });
});
