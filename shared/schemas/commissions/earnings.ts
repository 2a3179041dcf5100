import { Type, type Static } from 'typebox';

/** All amounts integer cents, from the `commissions` ledger (void lines excluded, clawbacks included). */
export const Earnings = Type.Object({
  daily: Type.Integer(),
  weekly: Type.Integer(),
  monthly: Type.Integer(),
  total: Type.Integer(),
  pending: Type.Integer(),
  approved: Type.Integer(),
  paid: Type.Integer(),
  /** Expected from the open pipeline: own open leads and the open leads of the downline (levels 1-3). */
  projected: Type.Object({ own: Type.Integer(), overrides: Type.Integer(), openLeads: Type.Integer() }),
});
export type Earnings = Static<typeof Earnings>;

/** `GET /api/earnings?campaignId=` (admins may add `userId`). */
export const EarningsQuery = Type.Object({
  campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  userId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
});
export type EarningsQuery = Static<typeof EarningsQuery>;
