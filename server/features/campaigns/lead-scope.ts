import type { ObjectId } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import type { UserDoc } from '../users/public.js';
import { listCampaignIdsOwnedBy } from './repository.js';

/**
 * Who may see which leads and clients (and their follow-ups): an agent the ones assigned to them, an owner those of
 * the campaigns they own, an admin all. It lives with the campaigns because an owner's share is the campaigns they own.
 */
export type LeadScope = { assignedTo: ObjectId } | { campaignIds: ObjectId[] } | 'all';

export async function leadScopeFor(platform: Platform, user: UserDoc): Promise<LeadScope> {
  if (user.role === 'admin') return 'all';
  if (user.role === 'owner') return { campaignIds: await listCampaignIdsOwnedBy(platform.db, user._id) };
  return { assignedTo: user._id };
}

export function inScope(scope: LeadScope, doc: { assignedTo?: ObjectId | null; campaignId: ObjectId }): boolean {
  if (scope === 'all') return true;
  if ('assignedTo' in scope) return Boolean(doc.assignedTo?.equals(scope.assignedTo));
  return scope.campaignIds.some((id) => id.equals(doc.campaignId));
}
