import { Type, type Static } from 'typebox';
import { InsightsRange } from './query.js';

const Figures = {
  dials: Type.Integer({ minimum: 0 }),
  connects: Type.Integer({ minimum: 0 }),
  /** Standing deals the member opened or closed. */
  deals: Type.Integer({ minimum: 0 }),
  /** What the viewer earned on this member's production (their override lines, clawbacks deducted), cents. */
  override: Type.Integer(),
};

/** Week on week: the last 7 days up to the end of the period against the 7 before. */
export const TeamTrend = Type.Object({
  thisWeek: Type.Object({ dials: Type.Integer(), deals: Type.Integer() }),
  lastWeek: Type.Object({ dials: Type.Integer(), deals: Type.Integer() }),
  direction: Type.Union([Type.Literal('rising'), Type.Literal('falling'), Type.Literal('steady')]),
});

export const TeamMemberRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  ...Figures,
  trend: TeamTrend,
});
export type TeamMemberRow = Static<typeof TeamMemberRow>;

export const TeamInsights = Type.Object({
  range: InsightsRange,
  members: Type.Array(TeamMemberRow),
  levels: Type.Array(
    Type.Object({ level: Type.Integer({ minimum: 1, maximum: 3 }), members: Type.Integer(), ...Figures }),
  ),
});
export type TeamInsights = Static<typeof TeamInsights>;
