import { Type, type Static } from 'typebox';

/** The AI-rebuttals library's texts (docs/rebuttals.md, "The library"). */
export const RebuttalLibraryMessages = {
  objectionEmpty: 'Please enter the objection the lead says.',
  objectionTooLong: 'An objection can be at most 200 characters.',
  phrasesInvalid: 'Each objection phrase needs 2 to 60 characters, at most 10 phrases.',
  rebuttalEmpty: 'Please write the rebuttal.',
  rebuttalTooLong: 'A rebuttal can be at most 2,000 characters.',
  categoryTooLong: 'A category can be at most 40 characters.',
  campaignMissing: 'Please choose the campaign this rebuttal belongs to.',
  duplicate: 'This campaign already has a rebuttal for that objection.',
  ownersOnly: "Only this campaign's owner or an admin can write its rebuttals.",
  notFound: 'This rebuttal no longer exists.',
  saved: 'Rebuttal saved',
  deleted: 'Rebuttal deleted',
} as const;

export const REBUTTAL_LIMITS = { objection: 200, phrase: 60, phrases: 10, rebuttal: 2_000, category: 40 } as const;

/** Everything the page shows about an entry that is the same for every viewer (what `rebuttals:changed` carries). */
export const RebuttalEntry = Type.Object({
  id: Type.String(),
  /** What the lead says, as the page quotes it. */
  objection: Type.String(),
  /** More phrases it answers, besides the words of `objection` (e.g. "costs too much"). */
  phrases: Type.Array(Type.String()),
  /** The campaign's slug. */
  campaign: Type.String(),
  category: Type.String(),
  rebuttal: Type.String(),
  /** Agents' up-votes: the library's rating, and how the live panel picks between entries. */
  votes: Type.Integer({ minimum: 0 }),
  lastUpdated: Type.String(),
});
export type RebuttalEntry = Static<typeof RebuttalEntry>;

export const RebuttalItem = Type.Object({
  ...RebuttalEntry.properties,
  /** The viewer voted it up. */
  voted: Type.Boolean(),
  /** The viewer may edit and delete it (the campaign's owner, admins). */
  editable: Type.Boolean(),
});
export type RebuttalItem = Static<typeof RebuttalItem>;

/** `GET /api/rebuttals`: the library, most votes first, and the campaigns the viewer may write rebuttals for. */
export const RebuttalList = Type.Object({
  items: Type.Array(RebuttalItem),
  writableCampaigns: Type.Array(Type.String()),
});
export type RebuttalList = Static<typeof RebuttalList>;

/** `POST /api/rebuttals` and `PUT /api/rebuttals/:id`: the whole entry. */
export const RebuttalBody = Type.Object({
  objection: Type.String({
    maxLength: REBUTTAL_LIMITS.objection,
    errorMessage: RebuttalLibraryMessages.objectionTooLong,
  }),
  phrases: Type.Array(Type.String({ minLength: 2, maxLength: REBUTTAL_LIMITS.phrase }), {
    maxItems: REBUTTAL_LIMITS.phrases,
    errorMessage: RebuttalLibraryMessages.phrasesInvalid,
  }),
  campaign: Type.String({ minLength: 1, maxLength: 60, errorMessage: RebuttalLibraryMessages.campaignMissing }),
  category: Type.String({ maxLength: REBUTTAL_LIMITS.category, errorMessage: RebuttalLibraryMessages.categoryTooLong }),
  rebuttal: Type.String({ maxLength: REBUTTAL_LIMITS.rebuttal, errorMessage: RebuttalLibraryMessages.rebuttalTooLong }),
});
export type RebuttalBody = Static<typeof RebuttalBody>;

export const RebuttalParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: RebuttalLibraryMessages.notFound }),
});
export type RebuttalParams = Static<typeof RebuttalParams>;

/** `POST /api/rebuttals/:id/vote`: a toggle, one vote per user. */
export const RebuttalVote = Type.Object({ voted: Type.Boolean(), votes: Type.Integer({ minimum: 0 }) });
export type RebuttalVote = Static<typeof RebuttalVote>;

/** `rebuttals:changed`, to every signed-in socket: patch the open AI Rebuttals pages. */
export type RebuttalsChangedPayload =
  | { change: 'saved'; entry: RebuttalEntry }
  | { change: 'deleted'; id: string }
  | { change: 'voted'; id: string; votes: number };
