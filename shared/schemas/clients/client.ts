import { Type, type Static } from 'typebox';
import { LEAD_STAGES } from '../../constants.js';

export const CLIENT_STATUSES = ['active', 'paused', 'completed', 'dropped'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** Client Progress (spec 2): a lead that reached Potential / Qualified. */
export const ClientItem = Type.Object({
  id: Type.String(),
  leadId: Type.String(),
  name: Type.String(),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  company: Type.Optional(Type.String()),
  campaignId: Type.String(),
  campaign: Type.String(),
  campaignName: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  stage: Type.Enum(LEAD_STAGES),
  status: Type.Enum(CLIENT_STATUSES),
  lastContact: Type.Optional(Type.String()),
  nextAction: Type.Optional(Type.String()),
  nextActionDate: Type.Optional(Type.String()),
  assignedTo: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ClientItem = Static<typeof ClientItem>;

export const ClientParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type ClientParams = Static<typeof ClientParams>;

export const ClientMessages = {
  notFound: 'Client not found.',
  nothingToChange: 'Nothing to change.',
} as const;
