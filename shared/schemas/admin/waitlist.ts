import { Type, type Static } from 'typebox';

export const AdminMessages = {
  entryNotFound: 'This waitlist entry no longer exists.',
  badCursor: 'That page of the waitlist does not exist.',
  requestNotFound: 'This user has no role request.',
  requestDecided: 'This role request was already decided.',
  queueNotFound: 'There is no queue with this name.',
} as const;

export const WaitlistAdminItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  contact: Type.String(),
  campaignInterest: Type.String(),
  position: Type.Integer({ minimum: 1 }),
  earlyAccess: Type.Boolean(),
  processed: Type.Boolean(),
  /** Granted on the entry (inherited at sign-up) or on the account. */
  accessGranted: Type.Boolean(),
  /** An account with this e-mail exists. */
  hasAccount: Type.Boolean(),
  createdAt: Type.String(),
});
export type WaitlistAdminItem = Static<typeof WaitlistAdminItem>;

/** `GET /api/admin/waitlist?q=&processed=&earlyAccess=&cursor=&limit=`: by position; `cursor` is the last position seen. */
export const WaitlistAdminQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  processed: Type.Optional(Type.Boolean()),
  earlyAccess: Type.Optional(Type.Boolean()),
  cursor: Type.Optional(Type.Integer({ minimum: 0, errorMessage: AdminMessages.badCursor })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type WaitlistAdminQuery = Static<typeof WaitlistAdminQuery>;

export const WaitlistAdminList = Type.Object({
  items: Type.Array(WaitlistAdminItem),
  /** Entries matching the filters, all pages together. */
  total: Type.Integer({ minimum: 0 }),
  nextCursor: Type.Union([Type.Integer(), Type.Null()]),
});
export type WaitlistAdminList = Static<typeof WaitlistAdminList>;

export const WaitlistEntryParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: AdminMessages.entryNotFound }),
});

/** `PATCH /api/admin/waitlist/:id`. */
export const WaitlistPatchBody = Type.Object({
  processed: Type.Boolean({ errorMessage: 'Say whether the entry is processed.' }),
});
export type WaitlistPatchBody = Static<typeof WaitlistPatchBody>;

/** `POST /api/admin/waitlist/:id/grant`: `accountUpdated` says whether an existing account got access now. */
export const WaitlistGrantResponse = Type.Object({ entry: WaitlistAdminItem, accountUpdated: Type.Boolean() });
export type WaitlistGrantResponse = Static<typeof WaitlistGrantResponse>;

export const WAITLIST_CSV_COLUMNS = [
  'position',
  'name',
  'email',
  'contact',
  'campaignInterest',
  'earlyAccess',
  'processed',
  'accessGranted',
  'createdAt',
] as const;
