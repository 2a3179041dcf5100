import { Type, type Static } from 'typebox';
import { COMMISSION_KINDS, COMMISSION_STATUSES } from '../commissions/ledger.js';
import { DEAL_STATUSES } from './close.js';

const Person = Type.Object({ id: Type.String(), name: Type.String() });

/** One commission line of the deal, as the lead panel lists it (owners and admins see every line, agents their own). */
export const DealLineItem = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  kind: Type.Enum(COMMISSION_KINDS),
  level: Type.Integer({ minimum: 0, maximum: 3 }),
  /** Integer cents; negative for clawbacks. */
  amount: Type.Integer(),
  status: Type.Enum(COMMISSION_STATUSES),
  /** "Why this amount?" in one sentence. */
  text: Type.String(),
});
export type DealLineItem = Static<typeof DealLineItem>;

/**
 * `GET /api/leads/:id/deal` (the lead's assignee, its campaign's owner, admins): who may be named opener, the
 * campaign's percentages for the split preview, and the lead's latest deal with its commission lines.
 */
export const LeadDealView = Type.Object({
  /** The lead's assignee, who closes the deal; null while unassigned. */
  closer: Type.Union([Person, Type.Null()]),
  /** Members of the campaign other than the closer, by name (the opener choices). */
  openers: Type.Array(Person),
  /** The agent who transferred the lead's call to its closer: the deal's opener, fixed (docs/commissions.md). */
  transferOpener: Type.Optional(Person),
  percents: Type.Object({ opener: Type.Number(), closer: Type.Number(), fullStack: Type.Number() }),
  deal: Type.Union([
    Type.Object({
      id: Type.String(),
      /** Integer cents. */
      value: Type.Integer(),
      status: Type.Enum(DEAL_STATUSES),
      closedAt: Type.String(),
      opener: Person,
      closer: Person,
      cancelledAt: Type.Optional(Type.String()),
      cancelNote: Type.Optional(Type.String()),
    }),
    Type.Null(),
  ]),
  /** The viewer may cancel or refund the standing deal (its campaign's owner or an admin). */
  canCancel: Type.Boolean(),
  lines: Type.Array(DealLineItem),
});
export type LeadDealView = Static<typeof LeadDealView>;
