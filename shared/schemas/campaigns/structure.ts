import { Type, type Static } from 'typebox';

const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** Percentages (docs/product.md, Commission): opener/closer of the deal value, or fullStack when one agent did both; overrides of each earning agent's commission. */
export const CommissionStructureSchema = Type.Object({
  opener: Percent,
  closer: Percent,
  fullStack: Percent,
  override: Type.Object({ level1: Percent, level2: Percent, level3: Percent }),
});
export type CommissionStructureInput = Static<typeof CommissionStructureSchema>;

export const TierSchema = Type.Object({
  target: Type.String({ minLength: 1, maxLength: 100 }),
  payout: Type.Number({ minimum: 0 }),
});
