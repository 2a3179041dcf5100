import { Type, type Static } from 'typebox';
import { CAMPAIGN_INTEREST_OPTIONS } from '../../constants.js';
import { WaitlistMessages } from './messages.js';

export { WaitlistMessages, waitlistFormError } from './messages.js';

/** `POST /api/waitlist`. */
export const WaitlistJoinBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 1, maxLength: 254 }),
    contact: Type.String({ minLength: 1, maxLength: 100 }),
    campaignInterest: Type.Enum(CAMPAIGN_INTEREST_OPTIONS),
  },
  { errorMessage: WaitlistMessages.empty },
);
export type WaitlistJoinBody = Static<typeof WaitlistJoinBody>;

/** `201`: the place in line; the first 50 get early access. */
export const WaitlistJoined = Type.Object({ position: Type.Integer({ minimum: 1 }), earlyAccess: Type.Boolean() });
export type WaitlistJoined = Static<typeof WaitlistJoined>;
