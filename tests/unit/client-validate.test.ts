import { describe, expect, it } from 'vitest';
import { schemaError } from '../../client/api/validate.js';
import { LoginBody } from '../../shared/schemas/auth/login.js';
import { AuthMessages } from '../../shared/schemas/auth/messages.js';
import { VerifyBody } from '../../shared/schemas/auth/verify.js';
import { WaitlistJoinBody, WaitlistMessages } from '../../shared/schemas/waitlist/join.js';

// The client forms answer with the same catalogue texts as the API's validation (server/platform/errors.ts).
describe('client schemaError', () => {
  it('is silent for a valid value', () => {
    expect(schemaError(LoginBody, { email: 'a@b.co', password: 'x' })).toBeUndefined();
    expect(schemaError(VerifyBody, { email: 'a@b.co', code: '123456' })).toBeUndefined();
  });

  it("uses the object's errorMessage when the property has none", () => {
    expect(schemaError(LoginBody, { email: '', password: 'x' })).toBe(AuthMessages.loginEmpty);
    expect(schemaError(LoginBody, { password: 'x' })).toBe(AuthMessages.loginEmpty);
    expect(
      schemaError(WaitlistJoinBody, { name: 'n', email: 'a@b.co', contact: 'c', campaignInterest: 'Knitting' }),
    ).toBe(WaitlistMessages.empty);
  });

  it("prefers the property's errorMessage", () => {
    expect(schemaError(VerifyBody, { email: 'a@b.co', code: '12ab56' })).toBe(AuthMessages.codeFormat);
    expect(schemaError(VerifyBody, { code: '123456' })).toBe(AuthMessages.verificationExpired);
  });
});
