import { Type, type Static } from 'typebox';

export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_METRICS = ['deals', 'earnings'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];
export const LEADERBOARD_DEFAULT_LIMIT = 10;

/** `GET /api/leaderboard?period=&campaignId=&by=&limit=`: standings on real sales, not on likes. */
export const LeaderboardQuery = Type.Object({
  period: Type.Optional(
    Type.Enum(LEADERBOARD_PERIODS, {
      default: 'week',
      errorMessage: 'Please choose this week, this month or all time.',
    }),
  ),
  by: Type.Optional(
    Type.Enum(LEADERBOARD_METRICS, { default: 'deals', errorMessage: 'Please rank by deals or by earnings.' }),
  ),
  campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'Campaign not found.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: LEADERBOARD_DEFAULT_LIMIT })),
});
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;

/**
 * One agent's standing. `deals`: standing (not cancelled) deals they opened or closed in the period; `earnings`:
 * their ledger lines written in the period (commissions and overrides, clawbacks deducted, void lines left out),
 * in cents. Ties share a rank (1, 2, 2, 4).
 */
export const LeaderboardEntry = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  user: Type.Object({ id: Type.String(), name: Type.String(), avatarSeed: Type.String() }),
  deals: Type.Integer({ minimum: 0 }),
  earnings: Type.Integer(),
  /** Total value of those deals, in cents. */
  dealValue: Type.Integer({ minimum: 0 }),
});
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;

export const Leaderboard = Type.Object({
  period: Type.Enum(LEADERBOARD_PERIODS),
  by: Type.Enum(LEADERBOARD_METRICS),
  campaignId: Type.Union([Type.String(), Type.Null()]),
  /** Start of the period (UTC: ISO week from Monday, calendar month); null for all time. */
  since: Type.Union([Type.String(), Type.Null()]),
  entries: Type.Array(LeaderboardEntry),
  /** The viewer's own standing, also when outside the top; `rank` null while they have nothing in the period. */
  me: Type.Object({
    rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    deals: Type.Integer(),
    earnings: Type.Integer(),
    dealValue: Type.Integer(),
  }),
});
export type Leaderboard = Static<typeof Leaderboard>;

/** `leaderboard:updated`, to the feed room when a deal's commissions are written or reversed: standings may have moved. */
export const LeaderboardUpdated = Type.Object({
  reason: Type.Union([Type.Literal('deal-closed'), Type.Literal('deal-cancelled')]),
  dealId: Type.String(),
  campaignId: Type.String(),
});
export type LeaderboardUpdated = Static<typeof LeaderboardUpdated>;
