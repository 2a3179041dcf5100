import { Type, type Static } from 'typebox';

export const RebuttalMessages = {
  emailInvalid: 'Please enter a valid email address.',
  joined: "You're on the AI Rebuttals waitlist! Check your email for confirmation.",
  alreadyJoined: "You're already on the AI Rebuttals waitlist.",
} as const;

export const RebuttalItem = Type.Object({
  id: Type.String(),
  objection: Type.String(),
  campaign: Type.String(),
  category: Type.String(),
  rebuttal: Type.String(),
  /** Percent, 0-100. */
  effectiveness: Type.Integer({ minimum: 0, maximum: 100 }),
  lastUpdated: Type.String(),
});
export type RebuttalItem = Static<typeof RebuttalItem>;

/** `GET /api/rebuttals`: the sample rebuttals of the Coming Soon page. */
export const RebuttalList = Type.Object({ items: Type.Array(RebuttalItem) });
export type RebuttalList = Static<typeof RebuttalList>;

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
