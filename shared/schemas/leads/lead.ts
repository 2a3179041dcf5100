import { Type, type Static } from 'typebox';
import { LEAD_DISPOSITIONS, LEAD_STAGES, LEAD_TYPES } from '../../constants.js';

/** `2026-03-01` or `2026-03-01T09:30:00Z` (an ISO date, with or without the time). */
export const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})?)?$';

export const ObjectIdString = Type.String({ pattern: '^[0-9a-f]{24}$' });

/** A lead as its agent (and the campaign owner) sees it: lists, `lead:assigned`, `lead:updated`. */
export const LeadItem = Type.Object({
  id: Type.String(),
  campaignId: Type.String(),
  campaignSlug: Type.String(),
  campaignName: Type.String(),
  name: Type.String(),
  company: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  source: Type.String(),
  leadType: Type.Enum(LEAD_TYPES),
  details: Type.Record(Type.String(), Type.Unknown()),
  assignedTo: Type.Optional(Type.String()),
  /** The assignee's display name (the Assigned column of Lead Management). */
  assignedToName: Type.Optional(Type.String()),
  assignedAt: Type.Optional(Type.String()),
  disposition: Type.Enum(LEAD_DISPOSITIONS),
  stage: Type.Enum(LEAD_STAGES),
  lastContactAt: Type.Optional(Type.String()),
  nextAction: Type.Optional(Type.String()),
  nextActionDate: Type.Optional(Type.String()),
  notes: Type.Optional(Type.String()),
  /** IANA zone calling hours are judged in: the lead's own, else its phone number's, else the campaign's. */
  timeZone: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type LeadItem = Static<typeof LeadItem>;

export const LeadHistoryItem = Type.Object({
  at: Type.String(),
  by: Type.Optional(Type.String()),
  byName: Type.Optional(Type.String()),
  change: Type.String(),
});
export type LeadHistoryItem = Static<typeof LeadHistoryItem>;

/** `GET /api/leads/:id` and the answer of `PATCH /api/leads/:id`: the lead and its history, oldest first. */
export const LeadDetail = Type.Object({ lead: LeadItem, history: Type.Array(LeadHistoryItem) });
export type LeadDetail = Static<typeof LeadDetail>;

export const LeadParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type LeadParams = Static<typeof LeadParams>;

/** Texts of the Lead Management screens (spec 2) and of the lead routes. */
export const LeadMessages = {
  notFound: 'Lead not found.',
  statusUpdatedTitle: 'Lead status updated',
  statusUpdated: (status: string) => `Lead status has been updated to ${status}`,
  emptyList: 'No leads found. Try adjusting your filters or request new leads.',
  nothingToChange: 'Nothing to change.',
  stageDirect: 'Only the Proposal stage can be set directly; other stages follow the lead status.',
  badDate: 'Please enter a valid date.',
  campaignNotFound: 'Campaign not found.',
  notMember: 'Join this campaign to receive its leads.',
  dailyCapReached: (cap: number) => `You have reached today's limit of ${cap} new leads.`,
  monthlyCapReached: (cap: number) => `You have reached this month's limit of ${cap} new leads.`,
  poolEmpty: 'No new leads are available in this campaign right now.',
  allAssigned: (campaign: string) =>
    `All leads in ${campaign} are assigned; new leads arrive when the owner imports or leads are recycled.`,
  leadsArrived: (n: number) => (n === 1 ? '1 new lead assigned' : `${n} new leads assigned`),
  agentsOnly: 'Only agents can request leads.',
} as const;
