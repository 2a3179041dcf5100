import { Type, type Static } from 'typebox';

export const ReferralMessages = {
  unknown:
    'This referral link is not valid, so you would sign up without an upline. Ask the person who invited you for a new link.',
} as const;

/** `GET /api/referrals/:code`: whose `/join/{referralCode}` link this is, before the visitor signs up through it. */
export const ReferralParams = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 60, errorMessage: ReferralMessages.unknown }),
});
export type ReferralParams = Static<typeof ReferralParams>;

/** Only the first name: enough for the visitor to recognise who invited them. */
export const ReferralAnswer = Type.Object({ code: Type.String(), inviterFirstName: Type.String() });
export type ReferralAnswer = Static<typeof ReferralAnswer>;
