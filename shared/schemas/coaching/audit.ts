import { Type, type Static } from 'typebox';
import { COACH_BASES, MONITOR_MODES } from './sessions.js';

/** What happened: a coach joined, switched mode or left; the call ended under them; a request was refused. */
const COACHING_AUDIT_ACTIONS = ['join', 'mode', 'leave', 'call-ended', 'refused'] as const;
export type CoachingAuditAction = (typeof COACHING_AUDIT_ACTIONS)[number];

export const CoachingAuditItem = Type.Object({
  id: Type.String(),
  at: Type.String(),
  action: Type.Enum(COACHING_AUDIT_ACTIONS),
  actorId: Type.String(),
  actorName: Type.String(),
  agentId: Type.Optional(Type.String()),
  agentName: Type.Optional(Type.String()),
  callId: Type.Optional(Type.String()),
  campaignName: Type.Optional(Type.String()),
  mode: Type.Optional(Type.Enum(MONITOR_MODES)),
  basis: Type.Optional(Type.Enum(COACH_BASES)),
  /** How the request came: the API or the app's socket. */
  via: Type.Union([Type.Literal('http'), Type.Literal('socket'), Type.Literal('server')]),
});
export type CoachingAuditItem = Static<typeof CoachingAuditItem>;

export const CoachingAuditQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) });
export const CoachingAuditList = Type.Object({ items: Type.Array(CoachingAuditItem) });
export type CoachingAuditList = Static<typeof CoachingAuditList>;
