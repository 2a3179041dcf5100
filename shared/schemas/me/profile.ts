import { Type, type Static } from 'typebox';

export const PROFILE_NAME_MAX = 80;
export const PROFILE_CONTACT_MAX = 100;

export const ProfileMessages = {
  nameInvalid: `Please enter your name (at most ${PROFILE_NAME_MAX} characters).`,
  contactInvalid: `Please enter your phone, WhatsApp or Telegram (at most ${PROFILE_CONTACT_MAX} characters).`,
  nothingToChange: 'Nothing to change.',
  savedTitle: 'Profile updated',
  saved: 'Your profile has been saved.',
} as const;

// The schema allows some surrounding whitespace; the trimmed value is held to the real maximum by the service.
/**
 * `PATCH /api/me`: any of name and contact. Values are trimmed on the server; blank after trimming is refused.
 * The answer is the same shape as `GET /api/me`.
 */
export const ProfileBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: PROFILE_NAME_MAX + 40,
        pattern: '\\S',
        errorMessage: ProfileMessages.nameInvalid,
      }),
    ),
    contact: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: PROFILE_CONTACT_MAX + 40,
        pattern: '\\S',
        errorMessage: ProfileMessages.contactInvalid,
      }),
    ),
  },
  { additionalProperties: false, errorMessage: ProfileMessages.nothingToChange },
);
export type ProfileBody = Static<typeof ProfileBody>;

/** The first problem of a profile form after trimming, in the words the server uses. */
export function profileFormError(form: ProfileBody): string | undefined {
  if (form.name === undefined && form.contact === undefined) return ProfileMessages.nothingToChange;
  if (form.name !== undefined && (!form.name.trim() || form.name.trim().length > PROFILE_NAME_MAX))
    return ProfileMessages.nameInvalid;
  if (form.contact !== undefined && (!form.contact.trim() || form.contact.trim().length > PROFILE_CONTACT_MAX))
    return ProfileMessages.contactInvalid;
  return undefined;
}
