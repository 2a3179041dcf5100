import { Type, type Static } from 'typebox';
import { InsightsRange } from './query.js';

/**
 * One bucket of the viewer's own ledger, in cents, by the day the line was written (void lines count nowhere):
 * `own` = opener, closer and full-stack lines; `level1-3` = overrides; `clawbacks` <= 0; `total` = all of them.
 * `pending` / `approved` / `paid` split the same total by the lines' status now.
 */
export const EarningsBucket = Type.Object({
  start: Type.String(),
  own: Type.Integer(),
  level1: Type.Integer(),
  level2: Type.Integer(),
  level3: Type.Integer(),
  clawbacks: Type.Integer(),
  total: Type.Integer(),
  pending: Type.Integer(),
  approved: Type.Integer(),
  paid: Type.Integer(),
});
export type EarningsBucket = Static<typeof EarningsBucket>;

export const EarningsInsights = Type.Object({
  range: InsightsRange,
  buckets: Type.Array(EarningsBucket),
  totals: Type.Omit(EarningsBucket, ['start']),
  /** Expected commission from open leads now (not limited to the period): own and downline overrides. */
  projected: Type.Object({ own: Type.Integer(), overrides: Type.Integer(), openLeads: Type.Integer() }),
});
export type EarningsInsights = Static<typeof EarningsInsights>;

/** Calls started in the bucket; `connects` reached a person or a voicemail; `talkSeconds` connected time. */
export const CallsBucket = Type.Object({
  start: Type.String(),
  dials: Type.Integer({ minimum: 0 }),
  connects: Type.Integer({ minimum: 0 }),
  talkSeconds: Type.Integer({ minimum: 0 }),
  /** connects / dials in percent, one decimal; 0 without dials. */
  connectRate: Type.Number({ minimum: 0 }),
});
export type CallsBucket = Static<typeof CallsBucket>;

export const CallsInsights = Type.Object({
  range: InsightsRange,
  buckets: Type.Array(CallsBucket),
  /** 24 rows, hour 0-23 of the viewer's time zone, over the whole period. */
  byHour: Type.Array(
    Type.Object({ hour: Type.Integer({ minimum: 0, maximum: 23 }), dials: Type.Integer(), connects: Type.Integer() }),
  ),
  totals: Type.Omit(CallsBucket, ['start']),
});
export type CallsInsights = Static<typeof CallsInsights>;

/**
 * Leads assigned to the viewer in the period, per campaign: how many were contacted (any status but New), showed
 * interest (stage Qualified, Proposal or Closed) and closed; each rate is that step over the step before, in percent.
 */
export const FunnelRow = Type.Object({
  campaignId: Type.String(),
  campaignName: Type.String(),
  assigned: Type.Integer({ minimum: 0 }),
  contacted: Type.Integer({ minimum: 0 }),
  interested: Type.Integer({ minimum: 0 }),
  closed: Type.Integer({ minimum: 0 }),
  contactRate: Type.Number(),
  interestRate: Type.Number(),
  closeRate: Type.Number(),
});
export type FunnelRow = Static<typeof FunnelRow>;

export const FunnelInsights = Type.Object({ range: InsightsRange, campaigns: Type.Array(FunnelRow) });
export type FunnelInsights = Static<typeof FunnelInsights>;
