import { Type, type Static } from 'typebox';

/** What the panel says when a call goes on without live rebuttals (`rebuttal:assist`, docs/rebuttals.md). */
export const UNASSISTED_MESSAGES = {
  'at-capacity': 'Live rebuttals are busy on this server: this call is not assisted.',
  'recogniser-missing': 'Live rebuttals are not installed on this server: this call is not assisted.',
  'turned-off': 'Live rebuttals are turned off: this call is not assisted.',
} as const;

/** Shown with every transcript: nobody should read it as what the lead said word for word. */
export const MACHINE_TRANSCRIPT_LABEL = 'Machine-made transcript of the lead’s side: words may be wrong or missing.';

/** The phrase that obliges the agent to offer do-not-call (the law requires honouring it). */
export const DO_NOT_CALL_OBJECTION = 'take me off your list';

export const ListenedCallParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
export type ListenedCallParams = Static<typeof ListenedCallParams>;

export const HeardObjection = Type.Object({
  phrase: Type.String(),
  /** ms from the start of the call's recording (the answer). */
  startMs: Type.Integer(),
  endMs: Type.Integer(),
  /** What the agent was shown for it: a library entry's text, a script's paragraph, or nothing. */
  rebuttal: Type.Union([Type.String(), Type.Null()]),
  /** Set when what was shown is a paragraph of this script (no library entry answered). */
  scriptTitle: Type.Union([Type.String(), Type.Null()]),
});
export type HeardObjection = Static<typeof HeardObjection>;

/** `GET /api/rebuttals/calls/:id`: what the objection spotter heard in a call (nothing: the call was not listened to). */
export const ListenedCall = Type.Object({
  listened: Type.Boolean(),
  objections: Type.Array(HeardObjection),
  transcript: Type.Union([
    Type.Object({
      label: Type.String(),
      lines: Type.Array(Type.Object({ atMs: Type.Integer(), text: Type.String() })),
      expiresAt: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type ListenedCall = Static<typeof ListenedCall>;

const Count = Type.Integer({ minimum: 0 });

/** `GET /api/rebuttals/insights`: objections heard in the period, per agent and campaign, and the rebuttals shown before a deal. */
export const ObjectionInsights = Type.Object({
  listenedCalls: Count,
  byAgent: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), calls: Count, objections: Count })),
  byCampaign: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), calls: Count, objections: Count })),
  byPhrase: Type.Array(Type.Object({ phrase: Type.String(), count: Count })),
  rebuttals: Type.Array(
    Type.Object({
      id: Type.String(),
      objection: Type.String(),
      text: Type.String(),
      shown: Count,
      /** Calls where it was shown whose lead then closed a deal (a closed deal after the call). */
      beforeDeal: Count,
    }),
  ),
});
export type ObjectionInsights = Static<typeof ObjectionInsights>;
