import { Type, type Static } from 'typebox';

export const SupportMessages = {
  invalid: 'Please fill in all fields',
  sentTitle: 'Message sent',
  sent: 'Our team will answer you by e-mail.',
} as const;

/**
 * `POST /api/support` (signed in): e-mails the support team through the `email` worker, with the sender's
 * name and e-mail as reply-to. Answers `202 { title, message }`.
 */
export const SupportBody = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { errorMessage: SupportMessages.invalid, additionalProperties: false },
);
export type SupportBody = Static<typeof SupportBody>;

export const SupportAccepted = Type.Object({ title: Type.String(), message: Type.String() });
export type SupportAccepted = Static<typeof SupportAccepted>;
