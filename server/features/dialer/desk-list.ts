import type { Db, ObjectId } from 'mongodb';
import { findCampaignById } from '../campaigns/public.js';

/** The closing desks of a call's campaign, by name, for the opener's Transfer menu (their numbers stay the owner's). */
export async function desksOfCampaign(platform: { db: Db }, campaignId: ObjectId | undefined) {
  const campaign = campaignId ? await findCampaignById(platform.db, campaignId) : null;
  return (campaign?.closingDesks ?? []).map((desk) => ({ id: desk.id, name: desk.name }));
}
