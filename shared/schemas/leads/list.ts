import { Type, type Static } from 'typebox';
import { LEAD_DISPOSITIONS, LEAD_STAGES } from '../../constants.js';
import { CampaignIdOrSlug } from './campaign-ref.js';
import { LeadItem, ObjectIdString } from './lead.js';

/**
 * `GET /api/leads?campaignId=&disposition=&stage=&search=&cursor=&limit=`: newest first. Agents get the leads
 * assigned to them, owners their campaigns' leads, admins all. `search` is a case-insensitive substring of the
 * name, e-mail, phone or company. `cursor` is the `nextCursor` of the previous page. `campaignId` is the campaign's id
 * or its slug, as on the campaign routes; an unknown campaign is a 404.
 */
export const LeadListQuery = Type.Object({
  campaignId: Type.Optional(CampaignIdOrSlug),
  disposition: Type.Optional(Type.Enum(LEAD_DISPOSITIONS)),
  stage: Type.Optional(Type.Enum(LEAD_STAGES)),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'That page of leads does not exist.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type LeadListQuery = Static<typeof LeadListQuery>;

export const LeadList = Type.Object({
  items: Type.Array(LeadItem),
  nextCursor: Type.Union([ObjectIdString, Type.Null()]),
  /**
   * True when an agent asked for a campaign's leads unfiltered, has none, and the campaign has none waiting to be
   * handed out (every lead is assigned): the screen says so instead of showing an empty list.
   */
  poolEmpty: Type.Optional(Type.Boolean()),
});
export type LeadList = Static<typeof LeadList>;
