import { describe, expect, it } from 'vitest';
import { displayPhone } from '../../shared/phone-display.js';
import { callName } from '../../shared/schemas/dialer/messages.js';

describe('displayPhone', () => {
  it('shows North American numbers as (xxx) xxx-xxxx, with +1 in front only when asked and present', () => {
    expect(displayPhone('5551234567')).toBe('(555) 123-4567');
    expect(displayPhone('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(displayPhone('15551234567', { withUsCode: true })).toBe('+1 (555) 123-4567');
    expect(displayPhone('5551234567', { withUsCode: true })).toBe('(555) 123-4567');
  });

  it("groups other countries' numbers in the international format", () => {
    expect(displayPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(displayPhone('442079460958')).toBe('+44 20 7946 0958');
    expect(displayPhone('+33 123456789')).toBe('+33 1 23 45 67 89');
  });

  it('leaves what it cannot read as given (a number being typed, a short code)', () => {
    expect(displayPhone('+44 20')).toBe('+44 20');
    expect(displayPhone('12345')).toBe('12345');
    expect(displayPhone('')).toBe('');
  });
});

describe('callName', () => {
  it('drops a name that is only the number, in whatever format, and keeps a real name', () => {
    expect(callName('(555) 123-4567', '5551234567')).toBeUndefined();
    expect(callName('+1 555-123-4567', '15551234567')).toBeUndefined();
    expect(callName('Dana Ruiz', '5551234567')).toBe('Dana Ruiz');
    expect(callName(undefined, '5551234567')).toBeUndefined();
  });
});
