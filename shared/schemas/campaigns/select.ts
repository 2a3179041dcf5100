import { Type, type Static } from 'typebox';

/** `PUT /api/me/active-campaign`: `null` is Change Campaign (clears the choice). Coming-soon campaigns cannot be selected. */
export const ActiveCampaignBody = Type.Object({
  campaignId: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]),
});
export type ActiveCampaignBody = Static<typeof ActiveCampaignBody>;

/** `title`/`message` are the toast ("Campaign selected: {name}") when a campaign was chosen. */
export const ActiveCampaignResponse = Type.Object({
  activeCampaignId: Type.Union([Type.String(), Type.Null()]),
  campaignName: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
export type ActiveCampaignResponse = Static<typeof ActiveCampaignResponse>;
