import { Type, type Static } from 'typebox';

export const DealParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'Deal not found.' }),
});

/** `POST /api/deals/:id/cancel` (campaign owner or admin): unpaid commissions are voided, paid ones clawed back. */
export const CancelDealBody = Type.Object({
  reason: Type.Optional(Type.Union([Type.Literal('cancelled'), Type.Literal('refunded')])),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type CancelDealBody = Static<typeof CancelDealBody>;
