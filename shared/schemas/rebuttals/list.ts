import { Type, type Static } from 'typebox';

export const RebuttalMessages = {
  emailInvalid: 'Please enter a valid email address.',
  joined: "You're on the AI Rebuttals waitlist! Check your email for confirmation.",
  alreadyJoined: "You're already on the AI Rebuttals waitlist.",
} as const;

/** `POST /api/rebuttals/interest`. */
export const RebuttalInterestBody = Type.Object(
  { email: Type.String({ maxLength: 254, errorMessage: RebuttalMessages.emailInvalid }) },
  { errorMessage: RebuttalMessages.emailInvalid },
);
export type RebuttalInterestBody = Static<typeof RebuttalInterestBody>;

/** 201 when newly added (a confirmation e-mail is queued), 200 when the address was already there. */
export const RebuttalInterestResponse = Type.Object({
  joined: Type.Literal(true),
  alreadyJoined: Type.Boolean(),
  message: Type.String(),
});
export type RebuttalInterestResponse = Static<typeof RebuttalInterestResponse>;
