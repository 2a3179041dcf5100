import { Type, type Static } from 'typebox';

export const InvitationMessages = {
  sentTitle: 'Invitation sent',
  sent: 'Your team invitation has been sent successfully.',
  emailInvalid: 'Please enter a valid email address.',
  alreadyMember: 'This person already has an account.',
  self: 'You cannot invite yourself.',
} as const;

/** `POST /api/invitations`: e-mails a `/join/{referralCode}` link (signing up through it sets the upline). */
export const InvitationBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254, errorMessage: InvitationMessages.emailInvalid }),
});
export type InvitationBody = Static<typeof InvitationBody>;

export const InvitationResponse = Type.Object({
  email: Type.String(),
  link: Type.String(),
  title: Type.String(),
  message: Type.String(),
});
export type InvitationResponse = Static<typeof InvitationResponse>;
