import type { ObjectId } from 'mongodb';
import { DEFAULT_CALLING_HOURS, type CallingHours } from '../../../shared/schemas/campaigns/calling-hours.js';
import type { Platform } from '../../platform/context.js';
import {
  campaignIdsOfMember,
  findCampaignById,
  findCampaignsByIds,
  listCampaignIdsOwnedBy,
  type CampaignDoc,
} from '../campaigns/public.js';
import { findLatestLeadByPhone, type LeadDoc } from '../leads/public.js';
import { callingTimeZone, timeZoneOfPhone } from '../leads/public.js';
import type { UserDoc } from '../users/public.js';

/** The zone a dial is judged in and the window allowed there; no zone: nothing says where the number rings. */
export interface HoursRule {
  timeZone?: string;
  hours: CallingHours;
}

/** The campaigns a caller works in (memberships) or owns. */
export async function callerCampaignIds(platform: Platform, caller: UserDoc): Promise<ObjectId[]> {
  const [joined, owned] = await Promise.all([
    campaignIdsOfMember(platform.db, caller._id),
    listCampaignIdsOwnedBy(platform.db, caller._id),
  ]);
  const unique = new Map([...joined, ...owned].map((id) => [id.toHexString(), id]));
  return [...unique.values()];
}

const leadRule = (lead: LeadDoc, campaign: CampaignDoc | null): HoursRule => ({
  timeZone: callingTimeZone(lead, campaign),
  hours: campaign?.callingHours ?? DEFAULT_CALLING_HOURS,
});

/** One value when every campaign agrees on it, else none. */
function shared<T>(values: T[], key: (value: T) => string): T | undefined {
  if (values.length === 0) return undefined;
  return new Set(values.map(key)).size === 1 ? values[0] : undefined;
}

/**
 * Calling hours for a dial. With a lead: the lead's zone and its campaign's hours. A typed number (no lead, also
 * from the queue or auto-dial): a lead with that number the caller may dial (the most recently updated), else the
 * zone the number itself gives, else the zone of the caller's campaigns when they all have the same one. The
 * window is the campaigns' when they agree, else the default. Nothing gives a zone: no zone (see docs/dialer.md).
 */
export async function hoursRuleFor(
  platform: Platform,
  caller: UserDoc,
  target: { phoneDigits: string; lead: LeadDoc | null; campaign: CampaignDoc | null },
): Promise<HoursRule> {
  if (target.lead) return leadRule(target.lead, target.campaign);
  const campaignIds = await callerCampaignIds(platform, caller);
  const owned = caller.role === 'owner' ? await listCampaignIdsOwnedBy(platform.db, caller._id) : [];
  const scope = caller.role === 'admin' ? 'all' : { assignedTo: caller._id, campaignIds: owned };
  const known = await findLatestLeadByPhone(platform.db, phoneVariants(target.phoneDigits), scope);
  if (known) return leadRule(known, await findCampaignById(platform.db, known.campaignId));
  const campaigns = await findCampaignsByIds(platform.db, campaignIds);
  const hours =
    shared(
      campaigns.map((c) => c.callingHours ?? DEFAULT_CALLING_HOURS),
      (h) => `${h.start}-${h.end}`,
    ) ?? DEFAULT_CALLING_HOURS;
  const timeZone =
    timeZoneOfPhone(target.phoneDigits) ?? shared(campaigns.map((c) => c.timeZone).filter(Boolean), (zone) => zone);
  return { timeZone, hours };
}

/** Leads store a North American number with or without its leading 1; a dial compares digits without it. */
function phoneVariants(digits: string): string[] {
  return digits.length === 10 ? [digits, `1${digits}`] : [digits];
}
