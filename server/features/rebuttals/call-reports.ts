import { ObjectId } from 'mongodb';
import type { InsightsQuery } from '../../../shared/schemas/insights/query.js';
import { DialerRuleMessages } from '../../../shared/schemas/dialer/messages.js';
import {
  MACHINE_TRANSCRIPT_LABEL,
  type ListenedCall,
  type ObjectionInsights,
} from '../../../shared/schemas/rebuttals/call-listening.js';
import type { Platform } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { mayHearCall } from '../calls/public.js';
import { campaignNames, findCampaignById, listCampaignIdsOwnedBy } from '../campaigns/public.js';
import { readOnlyDeals } from '../deals/public.js';
import { findCall } from '../dialer/public.js';
import { resolveRange } from '../insights/public.js';
import { userNames, type UserDoc } from '../users/public.js';
import {
  TRANSCRIPT_RETENTION_DAYS,
  findCallObjections,
  findCallTranscript,
  findRebuttalsByIds,
  listCallObjections,
} from './repository.js';

/** `GET /api/rebuttals/calls/:id`: for whoever may hear the call's recording (Call History). */
export async function listenedCall(platform: Platform, user: UserDoc, callId: string): Promise<ListenedCall> {
  const call = await findCall(platform.db, new ObjectId(callId));
  if (!call) throw notFound(DialerRuleMessages.callNotFound);
  if (!(await mayHearCall(platform, user, call))) throw forbidden();
  const [heard, transcript] = await Promise.all([
    findCallObjections(platform.db, call._id),
    findCallTranscript(platform.db, call._id),
  ]);
  const rebuttals = new Map(
    (
      await findRebuttalsByIds(
        platform.db,
        (heard?.objections ?? []).flatMap((o) => (o.rebuttalId ? [o.rebuttalId] : [])),
      )
    ).map((r) => [r._id.toHexString(), r.rebuttal]),
  );
  return {
    listened: heard !== null,
    objections: (heard?.objections ?? []).map((o) => ({
      phrase: o.phrase,
      startMs: o.startMs,
      endMs: o.endMs,
      rebuttal: (o.rebuttalId && rebuttals.get(o.rebuttalId.toHexString())) ?? o.script?.text ?? null,
      scriptTitle: o.rebuttalId ? null : (o.script?.title ?? null),
    })),
    transcript: transcript
      ? {
          label: MACHINE_TRANSCRIPT_LABEL,
          lines: transcript.lines,
          expiresAt: new Date(transcript.createdAt.getTime() + TRANSCRIPT_RETENTION_DAYS * 86_400_000).toISOString(),
        }
      : null,
  };
}

/** Whose listened calls a user sees in Insights: an agent their own, an owner their campaigns', an admin all. */
async function scopeOf(platform: Platform, user: UserDoc, campaignId: string | undefined) {
  if (campaignId) {
    const campaign = await findCampaignById(platform.db, campaignId);
    if (!campaign) throw notFound('Campaign not found.');
    const owns = user.role === 'admin' || (user.role === 'owner' && campaign.ownerId?.equals(user._id));
    return { agentId: owns ? null : user._id, campaignIds: [campaign._id] };
  }
  if (user.role === 'admin') return { agentId: null, campaignIds: null };
  if (user.role === 'owner') return { agentId: null, campaignIds: await listCampaignIdsOwnedBy(platform.db, user._id) };
  return { agentId: user._id, campaignIds: null };
}

function countInto(map: Map<string, { calls: number; objections: number }>, key: string, objections: number): void {
  const entry = map.get(key) ?? { calls: 0, objections: 0 };
  entry.calls += 1;
  entry.objections += objections;
  map.set(key, entry);
}

/**
 * `GET /api/rebuttals/insights`: counts over the listened calls of the period. "Before a deal" is a call where the
 * rebuttal was shown whose lead has a closed deal closed after that call: it preceded the deal, it did not
 * necessarily cause it.
 */
export async function objectionInsights(
  platform: Platform,
  user: UserDoc,
  query: InsightsQuery,
): Promise<ObjectionInsights> {
  const { startsAt, endsAt } = resolveRange(query, platform.clock.now());
  const calls = await listCallObjections(
    platform.db,
    await scopeOf(platform, user, query.campaignId),
    startsAt,
    endsAt,
  );
  const byAgent = new Map<string, { calls: number; objections: number }>();
  const byCampaign = new Map<string, { calls: number; objections: number }>();
  const byPhrase = new Map<string, number>();
  const shown = new Map<string, { shown: number; beforeDeal: number }>();
  const leadIds = [...new Set(calls.flatMap((c) => (c.leadId ? [c.leadId.toHexString()] : [])))].map(
    (id) => new ObjectId(id),
  );
  const deals = leadIds.length
    ? await readOnlyDeals(platform.db)
        .find({ leadId: { $in: leadIds }, status: 'closed' }, { projection: { leadId: 1, closedAt: 1 } })
        .toArray()
    : [];
  const closedAt = new Map(deals.map((d) => [d.leadId.toHexString(), d.closedAt.getTime()]));
  for (const call of calls) {
    countInto(byAgent, call.agentId.toHexString(), call.objections.length);
    if (call.campaignId) countInto(byCampaign, call.campaignId.toHexString(), call.objections.length);
    const dealAt = call.leadId ? closedAt.get(call.leadId.toHexString()) : undefined;
    const followedByDeal = dealAt !== undefined && dealAt >= call.createdAt.getTime();
    for (const heard of call.objections) {
      byPhrase.set(heard.phrase, (byPhrase.get(heard.phrase) ?? 0) + 1);
      if (!heard.rebuttalId) continue;
      const entry = shown.get(heard.rebuttalId.toHexString()) ?? { shown: 0, beforeDeal: 0 };
      entry.shown += 1;
      if (followedByDeal) entry.beforeDeal += 1;
      shown.set(heard.rebuttalId.toHexString(), entry);
    }
  }
  const [agentNames, campaigns, rebuttals] = await Promise.all([
    userNames(
      platform.db,
      [...byAgent.keys()].map((id) => new ObjectId(id)),
    ),
    campaignNames(
      platform.db,
      [...byCampaign.keys()].map((id) => new ObjectId(id)),
    ),
    findRebuttalsByIds(
      platform.db,
      [...shown.keys()].map((id) => new ObjectId(id)),
    ),
  ]);
  const campaignName = new Map(campaigns.map((c) => [c._id.toHexString(), c.name]));
  const byObjections = (a: { objections: number }, b: { objections: number }) => b.objections - a.objections;
  return {
    listenedCalls: calls.length,
    byAgent: [...byAgent]
      .map(([id, counts]) => ({ id, name: agentNames.get(id) ?? 'Former user', ...counts }))
      .sort(byObjections),
    byCampaign: [...byCampaign]
      .map(([id, counts]) => ({ id, name: campaignName.get(id) ?? 'Deleted campaign', ...counts }))
      .sort(byObjections),
    byPhrase: [...byPhrase].map(([phrase, count]) => ({ phrase, count })).sort((a, b) => b.count - a.count),
    rebuttals: rebuttals
      .map((r) => ({
        id: r._id.toHexString(),
        objection: r.objection,
        text: r.rebuttal,
        ...shown.get(r._id.toHexString())!,
      }))
      .sort((a, b) => b.beforeDeal - a.beforeDeal || b.shown - a.shown),
  };
}
