import { ObjectId } from 'mongodb';
import { BONSAI_MAX_LEVEL, type BonsaiQuery, type BonsaiResponse } from '../../../shared/schemas/bonsai/get.js';
import type { Platform } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { findCampaignById, membersOf } from '../campaigns/public.js';
import { earningsBySource } from '../commissions/public.js';
import { dealValueOf } from '../deals/public.js';
import { referralLink } from '../invitations/public.js';
import { agentsOnCall } from '../team/public.js';
import { downlineOf, findUserById, type UserDoc } from '../users/public.js';
import { buildBonsaiTree } from './tree.js';

/** The viewer's own Bonsai (admins may look at anyone's): tree, members with earnings, and stats, per campaign. */
export async function bonsaiOf(platform: Platform, viewer: UserDoc, query: BonsaiQuery): Promise<BonsaiResponse> {
  let user = viewer;
  if (query.userId && query.userId !== viewer._id.toHexString()) {
    if (viewer.role !== 'admin') throw forbidden('You can only see your own team.');
    const other = await findUserById(platform.db, query.userId);
    if (!other) throw notFound('User not found.');
    user = other;
  }
  let campaignId: ObjectId | undefined;
  if (query.campaignId) {
    const campaign = await findCampaignById(platform.db, query.campaignId);
    if (!campaign) throw notFound('No Campaigns Found');
    campaignId = campaign._id;
  }

  const downline = await downlineOf(platform, user._id);
  const built = buildBonsaiTree(
    { id: user._id.toHexString(), name: user.name, email: user.email },
    downline.map((m) => ({
      id: m._id.toHexString(),
      name: m.name,
      email: m.email,
      uplineId: m.uplineId?.toHexString(),
    })),
  );
  const shown = downline.filter((m) => (built.levels.get(m._id.toHexString()) ?? Infinity) <= BONSAI_MAX_LEVEL);
  const ids = shown.map((m) => m._id);
  const [earnings, inCampaign, onCall, totalRevenue] = await Promise.all([
    earningsBySource(platform.db, ids, user._id, campaignId),
    campaignId ? membersOf(platform.db, campaignId, ids) : Promise.resolve(undefined),
    agentsOnCall(platform.db, ids),
    dealValueOf(platform.db, ids, campaignId),
  ]);

  const members = shown.map((m) => {
    const id = m._id.toHexString();
    const figures = earnings.get(id);
    return {
      id,
      name: m.name,
      email: m.email,
      avatarSeed: m.avatarSeed,
      level: built.levels.get(id)!,
      uplineId: m.uplineId!.toHexString(),
      earnings: figures?.earned ?? 0,
      overrideToViewer: figures?.toViewer ?? 0,
      inCampaign: inCampaign ? inCampaign.has(id) : true,
      onCall: onCall.has(id),
      joinedDate: m.createdAt.toISOString(),
    };
  });
  const lines = [...earnings.values()].reduce((sum, e) => sum + e.lines, 0);
  const earned = [...earnings.values()].reduce((sum, e) => sum + e.earned, 0);
  const countAt = (level: number) => members.filter((m) => m.level === level).length;
  return {
    campaignId: campaignId?.toHexString() ?? null,
    tree: built.tree,
    members,
    stats: {
      activeMembers: members.filter((m) => m.inCampaign).length,
      totalRevenue,
      avgCommission: lines > 0 ? Math.round(earned / lines) : 0,
      overrideEarnings: members.reduce((sum, m) => sum + m.overrideToViewer, 0),
      levelCounts: { level1: countAt(1), level2: countAt(2), level3: countAt(3) },
      deeperCount: built.deeperCount,
    },
    referralCode: user.referralCode,
    referralLink: referralLink(platform, user.referralCode),
  };
}
