import { describe, expect, it } from 'vitest';
import { passwordStrength, weakPasswordError } from '../../shared/schemas/auth/password-strength.js';

describe('password strength (the hint and the server share it)', () => {
  it('labels a common password "Very weak" with the refusal sentence and advice', () => {
    const strength = passwordStrength('password');
    expect(strength).toMatchObject({
      score: 0,
      label: 'Very weak',
      problem: 'This password is too common or too easy to guess. Please choose a stronger one.',
    });
    expect(strength.advice).toBeTypeOf('string');
  });

  it('accepts a passphrase and says how strong it is, without a problem', () => {
    const strength = passwordStrength('mango-tractor-velvet', { email: 'sam@acme.com', name: 'Sam Lee' });
    expect(strength.score).toBeGreaterThanOrEqual(3);
    expect(strength.problem).toBeUndefined();
  });

  it("treats the owner's name and e-mail as guessable", () => {
    expect(weakPasswordError('samantha.lee', { email: 'samantha.lee@acme.com' })).toBe(
      'Your password must not be made from your email address. Please choose another one.',
    );
    expect(weakPasswordError('SamanthaLee!', { email: 'someone@acme.com', name: 'Samantha Lee' })).toBe(
      'This password is too common or too easy to guess. Please choose a stronger one.',
    );
  });

  it('judges a very long password by its first 40 characters', () => {
    expect(passwordStrength(`${'aB3$'.repeat(500)}`).problem).toBeDefined();
    expect(passwordStrength(`mango-tractor-velvet-${'x'.repeat(180)}`).problem).toBeUndefined();
  });
});
