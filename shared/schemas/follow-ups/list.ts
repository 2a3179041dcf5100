import { Type, type Static } from 'typebox';

/** One next action on the calendar: a lead's, or a client's (a client replaces the lead it came from). */
export const FollowUpItem = Type.Object({
  /** `lead-<id>` or `client-<id>`. */
  id: Type.String(),
  kind: Type.Union([Type.Literal('lead'), Type.Literal('client')]),
  /** The lead or client's name. */
  name: Type.String(),
  /** The next action's text, when one was written. */
  action: Type.Optional(Type.String()),
  /** When it is due (ISO date-time; a date-only follow-up is midnight UTC). */
  at: Type.String(),
  campaignName: Type.String(),
  phone: Type.Optional(Type.String()),
});
export type FollowUpItem = Static<typeof FollowUpItem>;

/**
 * `GET /api/follow-ups`: the next actions of the leads and clients the viewer may see (the visibility of the lead
 * and client lists), earliest first. `complete` is false when the viewer has more follow-ups than are read at once.
 */
export const FollowUpList = Type.Object({ items: Type.Array(FollowUpItem), complete: Type.Boolean() });
export type FollowUpList = Static<typeof FollowUpList>;
