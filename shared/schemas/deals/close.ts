import { Type, type Static } from 'typebox';

export const DealMessages = {
  dealValueInvalid: 'Please enter the deal value.',
  alreadyClosed: 'This lead is already closed.',
  leadNotFound: 'Lead not found.',
  noCloser: 'Assign this lead to an agent before closing it.',
  openerNotMember: 'The opener must be a member of this campaign.',
  openerIsTransferOpener: 'This lead was transferred to its closer: the agent who transferred it is its opener.',
  dealNotFound: 'Deal not found.',
  cancelNotAllowed: 'Only the campaign owner or an admin can cancel a deal.',
  alreadyCancelled: 'This deal is already cancelled.',
  closedTitle: 'Deal closed',
  cancelReasonMissing: 'Please give a reason.',
  cancelledTitle: (status: 'cancelled' | 'refunded') => (status === 'refunded' ? 'Deal refunded' : 'Deal cancelled'),
} as const;

export const LeadParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: DealMessages.leadNotFound }),
});

/**
 * `POST /api/leads/:id/close`: `dealValue` in dollars (stored as integer cents). The closer is the lead's assignee;
 * `openerId` names another member who opened the lead (opener/closer split); without it the closer did both (full stack).
 */
export const CloseLeadBody = Type.Object(
  {
    dealValue: Type.Number({ exclusiveMinimum: 0, maximum: 100_000_000, errorMessage: DealMessages.dealValueInvalid }),
    openerId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: DealMessages.openerNotMember })),
  },
  { errorMessage: DealMessages.dealValueInvalid },
);
export type CloseLeadBody = Static<typeof CloseLeadBody>;

export const DEAL_STATUSES = ['closed', 'cancelled', 'refunded'] as const;

export const DealItem = Type.Object({
  id: Type.String(),
  leadId: Type.String(),
  campaignId: Type.String(),
  openerId: Type.String(),
  closerId: Type.String(),
  /** Integer cents. */
  value: Type.Integer(),
  status: Type.Enum(DEAL_STATUSES),
  closedAt: Type.String(),
  cancelledAt: Type.Optional(Type.String()),
});
export type DealItem = Static<typeof DealItem>;
