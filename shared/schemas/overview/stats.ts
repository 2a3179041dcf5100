import { Type, type Static } from 'typebox';

/** `GET /api/me/stats`: the overview's four cards (money in integer cents). */
export const MeStats = Type.Object({
  monthlyEarnings: Type.Integer(),
  dealsClosed: Type.Integer({ minimum: 0 }),
  /** Deals closed / leads assigned to the viewer, a fraction 0-1. */
  conversionRate: Type.Number({ minimum: 0 }),
  avgDealSize: Type.Integer({ minimum: 0 }),
  downlineAgents: Type.Integer({ minimum: 0 }),
});
export type MeStats = Static<typeof MeStats>;
