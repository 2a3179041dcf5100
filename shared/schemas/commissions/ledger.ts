import { Type, type Static } from 'typebox';

export const COMMISSION_KINDS = ['opener', 'closer', 'fullStack', 'override', 'clawback'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'void'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** "Why this amount?": everything the amount was computed from. */
export const CommissionWhy = Type.Object({
  dealId: Type.String(),
  dealValue: Type.Integer(),
  leadName: Type.String(),
  campaignName: Type.String(),
  /** opener | closer | fullStack | override level N | clawback of <kind> */
  rule: Type.String(),
  percent: Type.Number(),
  level: Type.Integer({ minimum: 0, maximum: 3 }),
  /** The amount the percentage was applied to: the deal value, or the earning agent's commission for overrides. */
  basis: Type.Integer(),
  sourceUserId: Type.String(),
  sourceUserName: Type.String(),
  /** One sentence, e.g. "2.5% of Dina Fullstack's $370.37 commission on the $1,234.56 deal (override level 2)". */
  text: Type.String(),
});
export type CommissionWhy = Static<typeof CommissionWhy>;

export const CommissionLine = Type.Object({
  id: Type.String(),
  dealId: Type.String(),
  campaignId: Type.String(),
  campaignName: Type.String(),
  kind: Type.Enum(COMMISSION_KINDS),
  level: Type.Integer({ minimum: 0, maximum: 3 }),
  /** Integer cents; negative for clawbacks. */
  amount: Type.Integer(),
  status: Type.Enum(COMMISSION_STATUSES),
  holdUntil: Type.String(),
  createdAt: Type.String(),
  approvedAt: Type.Optional(Type.String()),
  paidAt: Type.Optional(Type.String()),
  payoutId: Type.Optional(Type.String()),
  why: CommissionWhy,
});
export type CommissionLine = Static<typeof CommissionLine>;

/** One completed payout: a user's approved lines of one campaign in one payout run (clawbacks deducted). */
export const PayoutItem = Type.Object({
  id: Type.String(),
  date: Type.String(),
  amount: Type.Integer(),
  campaignId: Type.String(),
  campaign: Type.String(),
  status: Type.Union([Type.Literal('completed'), Type.Literal('pending')]),
  /** e.g. "3 commissions, 1 clawback". */
  source: Type.String(),
  lineCount: Type.Integer(),
});
export type PayoutItem = Static<typeof PayoutItem>;

/** `GET /api/payouts?campaignId=&cursor=&limit=`: the viewer's own ledger (newest first) and payouts history. */
export const PayoutsQuery = Type.Object({
  campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  /** A number 1-200 (query strings are not coerced). */
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
  /** Admins only: another user's ledger. */
  userId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
});
export type PayoutsQuery = Static<typeof PayoutsQuery>;

export const PayoutsResponse = Type.Object({
  ledger: Type.Array(CommissionLine),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  /** Completed payouts, then one `pending` entry per campaign with money not yet paid. */
  payouts: Type.Array(PayoutItem),
  totals: Type.Object({ pending: Type.Integer(), approved: Type.Integer(), paid: Type.Integer() }),
});
export type PayoutsResponse = Static<typeof PayoutsResponse>;
