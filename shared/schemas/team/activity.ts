import { Type, type Static } from 'typebox';

export const TEAM_ACTIVITY_KINDS = [
  'call-started',
  'call-ended',
  'lead-closed',
  'deal-closed',
  'recruit-joined',
] as const;
export type TeamActivityKind = (typeof TEAM_ACTIVITY_KINDS)[number];

/** What `team:activity` carries; `level` is the actor's level below the receiving upline (1-3). */
export const TeamActivityItem = Type.Object({
  id: Type.String(),
  kind: Type.Enum(TEAM_ACTIVITY_KINDS),
  actorId: Type.String(),
  actorName: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  at: Type.String(),
  campaignId: Type.Optional(Type.String()),
  leadName: Type.Optional(Type.String()),
  /** Integer cents (deals). */
  dealValue: Type.Optional(Type.Integer()),
  callId: Type.Optional(Type.String()),
  /** Seconds (ended calls). */
  duration: Type.Optional(Type.Integer()),
  text: Type.String(),
});
export type TeamActivityItem = Static<typeof TeamActivityItem>;

export const TeamMemberToday = Type.Object({
  id: Type.String(),
  name: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  dials: Type.Integer({ minimum: 0 }),
  connects: Type.Integer({ minimum: 0 }),
  /** Integer cents of override the viewer earned today on this member. */
  overrides: Type.Integer(),
  onCall: Type.Boolean(),
});
export type TeamMemberToday = Static<typeof TeamMemberToday>;

/** `GET /api/team/activity/today`: per downline member (levels 1-3) today's figures (UTC day), and the latest activity. */
export const TeamActivityToday = Type.Object({
  day: Type.String(),
  members: Type.Array(TeamMemberToday),
  recent: Type.Array(TeamActivityItem),
});
export type TeamActivityToday = Static<typeof TeamActivityToday>;
