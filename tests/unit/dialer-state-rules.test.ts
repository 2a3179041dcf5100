import { describe, expect, it } from 'vitest';
import { STATE_CALLING_RULES } from '../../shared/constants.js';
import { narrowHours, stateName, stateRuleFor, usStateOf } from '../../server/features/dialer/state-rules.js';
import { withinCallingHours } from '../../server/features/dialer/compliance.js';
import { DialerRuleMessages } from '../../shared/schemas/dialer/messages.js';
import { Value } from 'typebox/value';
import { StateCallingRulesSchema } from '../../shared/schemas/campaigns/state-rules.js';

describe('state calling rules', () => {
  it('finds the state from the lead first, else from the area code (with or without the leading 1)', () => {
    expect(usStateOf({ state: 'fl' }, '2125550100')).toBe('FL');
    expect(usStateOf({}, '3055550100')).toBe('FL');
    expect(usStateOf(undefined, '19045550100')).toBe('FL');
    expect(usStateOf(undefined, '9185550100')).toBe('OK');
    expect(usStateOf(undefined, '2125550100')).toBeUndefined();
    expect(usStateOf({ state: 'Florida' }, '5550100001')).toBeUndefined();
  });

  it("takes the campaign's rule for a state over the default, and the default otherwise", () => {
    expect(stateRuleFor('FL', undefined)).toEqual({ hours: { start: '08:00', end: '20:00' }, maxCallsPer24h: 3 });
    expect(stateRuleFor('FL', { FL: { hours: { start: '09:00', end: '17:00' } } })).toEqual({
      hours: { start: '09:00', end: '17:00' },
    });
    expect(
      stateRuleFor('TX', { TX: { hours: { start: '09:00', end: '21:00' }, maxCallsPer24h: 2 } })?.maxCallsPer24h,
    ).toBe(2);
    expect(stateRuleFor('NY', undefined)).toBeUndefined();
    expect(stateRuleFor(undefined, undefined)).toBeUndefined();
    expect(Object.keys(STATE_CALLING_RULES).sort()).toEqual(['FL', 'MD', 'OK', 'WA']);
  });

  it('applies the stricter of the campaign window and the state window', () => {
    expect(narrowHours({ start: '08:00', end: '21:00' }, { start: '08:00', end: '20:00' })).toEqual({
      start: '08:00',
      end: '20:00',
    });
    expect(narrowHours({ start: '09:30', end: '19:00' }, { start: '08:00', end: '20:00' })).toEqual({
      start: '09:30',
      end: '19:00',
    });
    const florida = narrowHours({ start: '08:00', end: '21:00' }, STATE_CALLING_RULES.FL!.hours);
    // 20:30 in Miami (EDT, UTC-4): allowed federally, not in Florida.
    expect(withinCallingHours(new Date('2026-06-01T00:30:00Z'), 'America/New_York', florida)).toMatchObject({
      allowed: false,
      local: { text: '20:30' },
    });
    expect(
      withinCallingHours(new Date('2026-06-01T00:30:00Z'), 'America/New_York', { start: '08:00', end: '21:00' })
        .allowed,
    ).toBe(true);
    expect(withinCallingHours(new Date('2026-05-31T23:59:00Z'), 'America/New_York', florida).allowed).toBe(true);
  });

  it("says what was refused in the dialer's words", () => {
    expect(DialerRuleMessages.outsideHours('20:30', 'America/New_York', { start: '08:00', end: '20:00' })).toBe(
      "Outside calling hours: it is 20:30 for this lead (America/New_York); calls are allowed 8:00-20:00 in the lead's time zone.",
    );
    expect(DialerRuleMessages.stateCallLimit('3055550100', 3, stateName('FL'))).toBe(
      '(305) 555-0100 has already been called 3 times in the last 24 hours, the most Florida allows. Try again later.',
    );
  });

  it('validates a campaign setting with the shared schema', () => {
    expect(
      Value.Check(StateCallingRulesSchema, { FL: { hours: { start: '08:00', end: '19:00' }, maxCallsPer24h: 2 } }),
    ).toBe(true);
    expect(Value.Check(StateCallingRulesSchema, { Florida: { hours: { start: '08:00', end: '19:00' } } })).toBe(false);
    expect(Value.Check(StateCallingRulesSchema, { FL: { hours: { start: '8am', end: '19:00' } } })).toBe(false);
    expect(
      Value.Check(StateCallingRulesSchema, { FL: { hours: { start: '08:00', end: '19:00' }, maxCallsPer24h: 0 } }),
    ).toBe(false);
  });
});
