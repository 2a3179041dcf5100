import type { Db, ObjectId } from 'mongodb';
import { distinctIds } from '../../platform/object-ids.js';
import { findCampaignFieldsByIds, type CampaignDoc } from './repository.js';

const CAMPAIGN_INFO_FIELDS = ['slug', 'name', 'ownerId', 'leadIdleHours', 'timeZone'] as const;
/** What a page of leads, clients or follow-ups shows of their campaigns. */
export type CampaignInfo = Pick<CampaignDoc, '_id' | (typeof CAMPAIGN_INFO_FIELDS)[number]>;

/** Campaigns by id, loaded once for a page of leads. */
export async function campaignInfos(db: Db, ids: ObjectId[]): Promise<Map<string, CampaignInfo>> {
  const campaigns = await findCampaignFieldsByIds(db, distinctIds(ids), CAMPAIGN_INFO_FIELDS);
  return new Map(campaigns.map((c) => [c._id.toHexString(), c]));
}
