import { Type, type Static } from 'typebox';

/** `POST /api/admin/payouts/run` (admins): approves what is past its hold window, then pays every positive balance. */
export const PayoutRunResponse = Type.Object({
  runId: Type.String(),
  approved: Type.Integer({ minimum: 0 }),
  payouts: Type.Integer({ minimum: 0 }),
  total: Type.Integer(),
  /** Users whose balance in a campaign is zero or negative (clawbacks): carried to the next run. */
  carried: Type.Integer({ minimum: 0 }),
});
export type PayoutRunResponse = Static<typeof PayoutRunResponse>;
