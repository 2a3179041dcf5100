import { Type, type Static } from 'typebox';

export const ADMIN_PAYOUT_STATUSES = ['pending', 'completed'] as const;
export type AdminPayoutStatus = (typeof ADMIN_PAYOUT_STATUSES)[number];

/** `GET /api/admin/payouts?status=&cursor=&limit=` (admins). */
export const AdminPayoutsQuery = Type.Object({
  status: Type.Optional(
    Type.Enum(ADMIN_PAYOUT_STATUSES, {
      default: 'pending',
      errorMessage: 'Please choose pending or completed payouts.',
    }),
  ),
  /** Completed payouts only: the previous answer's `nextCursor`. */
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'That page of payouts does not exist.' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type AdminPayoutsQuery = Static<typeof AdminPayoutsQuery>;

/**
 * One payout row. `pending`: a user's unpaid money in one campaign — `amount` is approved (the next run pays it,
 * clawbacks deducted), `held` still waits for its hold window. `completed`: a payout a run made.
 */
export const AdminPayoutItem = Type.Object({
  id: Type.String(),
  status: Type.Enum(ADMIN_PAYOUT_STATUSES),
  user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
  campaignId: Type.String(),
  campaign: Type.String(),
  amount: Type.Integer(),
  held: Type.Integer(),
  lineCount: Type.Integer({ minimum: 0 }),
  clawbackCount: Type.Integer({ minimum: 0 }),
  /** completed: when it was paid; pending: when the last held line leaves its hold window (or now, when none is held). */
  date: Type.String(),
  runId: Type.Optional(Type.String()),
});
export type AdminPayoutItem = Static<typeof AdminPayoutItem>;

export const AdminPayoutList = Type.Object({
  status: Type.Enum(ADMIN_PAYOUT_STATUSES),
  items: Type.Array(AdminPayoutItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  /** Across everyone: approved and waiting for the next run, still on hold, and paid so far. */
  totals: Type.Object({ approved: Type.Integer(), held: Type.Integer(), paid: Type.Integer() }),
});
export type AdminPayoutList = Static<typeof AdminPayoutList>;
