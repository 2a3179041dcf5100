import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { registerFormError, RegisterBody } from '../../shared/schemas/auth/register.js';
import { resetFormError } from '../../shared/schemas/auth/reset.js';
import { VerifyBody } from '../../shared/schemas/auth/verify.js';
import { waitlistFormError, WaitlistJoinBody } from '../../shared/schemas/waitlist/join.js';
import {
  hashCode,
  newRecoveryCode,
  newResetCode,
  newVerificationCode,
  normalizeResetCode,
  sameHash,
} from '../../server/features/auth/codes.js';
import { hashPassword, verifyPassword } from '../../server/features/auth/passwords.js';

const form = { name: 'A', email: 'a@b.co', password: 'long-enough', confirmPassword: 'long-enough', agreeTerms: true };

describe('shared form rules (same answer on client and server)', () => {
  it('checks a registration in the spec order', () => {
    expect(registerFormError(form)).toBeUndefined();
    expect(Value.Check(RegisterBody, form)).toBe(true);
    expect(registerFormError({ ...form, name: ' ' })).toBe('Please fill in all fields');
    expect(registerFormError({ ...form, email: 'a@b' })).toBe('Please enter a valid email address.');
    expect(registerFormError({ ...form, confirmPassword: 'other-one' })).toBe('Passwords do not match');
    expect(registerFormError({ ...form, password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(registerFormError({ ...form, agreeTerms: false })).toBe('You must agree to the terms and conditions');
  });

  it('checks the waitlist form and the reset form', () => {
    expect(waitlistFormError({ name: 'A', email: 'a@b.co', contact: '@a', campaignInterest: 'Other' })).toBeUndefined();
    expect(
      Value.Check(WaitlistJoinBody, { name: 'A', email: 'a@b.co', contact: '@a', campaignInterest: 'Other' }),
    ).toBe(true);
    expect(
      Value.Check(WaitlistJoinBody, { name: 'A', email: 'a@b.co', contact: '@a', campaignInterest: 'Crypto' }),
    ).toBe(false);
    expect(waitlistFormError({ name: 'A', email: 'a@b.co', contact: '', campaignInterest: 'Other' })).toBe(
      'Please fill out all fields',
    );
    expect(resetFormError({ email: 'a@b.co', code: 'X', password: 'short' })).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('takes only a 6-digit verification code', () => {
    expect(Value.Check(VerifyBody, { email: 'a@b.co', code: '123456' })).toBe(true);
    for (const code of ['12345', '1234567', '12345a', ''])
      expect(Value.Check(VerifyBody, { email: 'a@b.co', code })).toBe(false);
  });
});

describe('codes and passwords', () => {
  it('makes 6-digit codes from 100000 to 999999 and readable reset codes', () => {
    for (let i = 0; i < 200; i++) expect(newVerificationCode()).toMatch(/^[1-9]\d{5}$/);
    expect(newResetCode()).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(newRecoveryCode()).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(normalizeResetCode(' ab-cd efgh ')).toBe('ABCDEFGH');
  });

  it('binds a code hash to its purpose and e-mail', () => {
    const a = hashCode('secret', 'verify-email', 'a@b.co', '123456');
    expect(sameHash(a, hashCode('secret', 'verify-email', 'a@b.co', '123456'))).toBe(true);
    expect(sameHash(a, hashCode('secret', 'verify-email', 'c@b.co', '123456'))).toBe(false);
    expect(sameHash(a, hashCode('secret', 'reset-password', 'a@b.co', '123456'))).toBe(false);
    expect(sameHash(a, '')).toBe(false);
  });

  it('hashes passwords with a salt of their own', async () => {
    const [one, two] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(one).not.toBe(two);
    expect(await verifyPassword('same-password', one)).toBe(true);
    expect(await verifyPassword('other-password', one)).toBe(false);
    expect(await verifyPassword('same-password', 'garbage')).toBe(false);
  });
});
