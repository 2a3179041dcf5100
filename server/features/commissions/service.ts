import { ObjectId } from 'mongodb';
import type { EarningsUpdatedPayload } from '../../../shared/events.js';
import type { Earnings, EarningsQuery } from '../../../shared/schemas/commissions/earnings.js';
import type {
  CommissionLine,
  PayoutItem,
  PayoutsQuery,
  PayoutsResponse,
} from '../../../shared/schemas/commissions/ledger.js';
import type { PayoutRunResponse } from '../../../shared/schemas/commissions/payout-run.js';
import { Jobs } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { enqueue } from '../../platform/queues.js';
import { findCampaignById, findCampaignsByIds } from '../campaigns/public.js';
import { averageDealValues, findDealById } from '../deals/public.js';
import { openLeadsOf } from '../leads/public.js';
import { notify } from '../notifications/public.js';
import { downlineOf, findUserById, uplinesOf, userNames, type UserDoc } from '../users/public.js';
import { emitEarningsUpdated, emitLeaderboardUpdated } from './events.js';
import { scheduleApproval } from './jobs.js';
import {
  commissionLines,
  formatCents,
  holdUntil,
  OVERRIDE_LEVELS,
  percentOfCents,
  projectedForLead,
  reverseDeal,
  summarizeEarnings,
  type LineDraft,
} from './math.js';
import {
  approveLines,
  claimForRun,
  dueForApproval,
  insertLinesOnce,
  insertPayoutAndMarkPaid,
  ledgerAmounts,
  ledgerPage,
  linesOfDeal,
  payableGroups,
  payoutsOfUser,
  releaseFromRun,
  unpaidByCampaign,
  usersOfDeal,
  voidLines,
  type CommissionDoc,
} from './repository.js';

type Touched = Pick<CommissionDoc, 'userId' | 'campaignId' | 'createdAt'>;

/**
 * The insights rollups of the days these lines (and the deal) were written on are recomputed by the `insights`
 * worker, which then tells the charts; before the earnings push, so a retry of a failed add re-asks.
 */
async function refreshInsightsOf(
  platform: Platform,
  lines: Touched[],
  deal?: { closerId: ObjectId; openerId: ObjectId; campaignId: ObjectId; closedAt: Date },
): Promise<void> {
  const all: Touched[] = deal
    ? [
        ...lines,
        { userId: deal.closerId, campaignId: deal.campaignId, createdAt: deal.closedAt },
        { userId: deal.openerId, campaignId: deal.campaignId, createdAt: deal.closedAt },
      ]
    : lines;
  if (all.length === 0) return;
  const unique = (values: string[]) => [...new Set(values)];
  await enqueue(platform.queues.insights, Jobs.insights.refresh, {
    days: unique(all.map((l) => l.createdAt.toISOString().slice(0, 10))),
    userIds: unique(all.map((l) => l.userId.toHexString())),
    campaignIds: unique(all.map((l) => l.campaignId.toHexString())),
  });
}

const KIND_LABEL = {
  opener: 'Opener',
  closer: 'Closer',
  fullStack: 'Full stack (opened and closed)',
  override: 'Override',
  clawback: 'Clawback',
} as const;

async function namesOf(platform: Platform, ids: string[]): Promise<Map<string, string>> {
  const found = await userNames(
    platform.db,
    ids.map((id) => new ObjectId(id)),
  );
  return new Map(ids.map((id) => [id, found.get(id) ?? 'Former agent']));
}

function explain(draft: LineDraft, dealValue: number, sourceName: string): { rule: string; text: string } {
  if (draft.kind === 'override') {
    return {
      rule: `override level ${draft.level}`,
      text: `Override level ${draft.level}: ${draft.percent}% of ${sourceName}'s ${formatCents(draft.basis)} commission on the ${formatCents(dealValue)} deal = ${formatCents(draft.amount)}`,
    };
  }
  return {
    rule: draft.kind,
    text: `${KIND_LABEL[draft.kind]}: ${draft.percent}% of the ${formatCents(dealValue)} deal = ${formatCents(draft.amount)}`,
  };
}

/**
 * Writes the ledger of a closed deal (the `commissions` worker calls this): opener/closer or full-stack lines and
 * the level 1-3 overrides, pending until the campaign's hold window ends. Running it again writes nothing new.
 */
export async function recordDealCommissions(platform: Platform, dealId: ObjectId): Promise<number> {
  const deal = await findDealById(platform.db, dealId);
  if (!deal || deal.status !== 'closed') return 0;
  const campaign = await findCampaignById(platform.db, deal.campaignId);
  if (!campaign) throw new Error(`deal ${dealId.toHexString()} has no campaign`);
  const uplines = new Map<string, string[]>();
  for (const earner of [deal.openerId, deal.closerId]) {
    uplines.set(
      earner.toHexString(),
      (await uplinesOf(platform, earner, OVERRIDE_LEVELS.length)).map((id) => id.toHexString()),
    );
  }
  const drafts = commissionLines({
    value: deal.value,
    percents: campaign.commissionStructure,
    openerId: deal.openerId.toHexString(),
    closerId: deal.closerId.toHexString(),
    uplinesOf: (id) => uplines.get(id) ?? [],
  });
  const names = await namesOf(
    platform,
    drafts.map((d) => d.sourceUserId),
  );
  const now = platform.clock.now();
  const until = holdUntil(deal.closedAt, campaign.holdDays ?? 0);
  const docs: CommissionDoc[] = drafts.map((draft) => {
    const sourceUserName = names.get(draft.sourceUserId)!;
    return {
      _id: new ObjectId(),
      userId: new ObjectId(draft.userId),
      dealId: deal._id,
      campaignId: deal.campaignId,
      kind: draft.kind,
      level: draft.level,
      amount: draft.amount,
      status: 'pending',
      percent: draft.percent,
      basis: draft.basis,
      sourceUserId: new ObjectId(draft.sourceUserId),
      holdUntil: until,
      createdAt: now,
      why: {
        dealValue: deal.value,
        leadName: deal.leadName,
        campaignName: campaign.name,
        sourceUserName,
        ...explain(draft, deal.value, sourceUserName),
      },
    };
  });
  const written = await insertLinesOnce(platform.db, docs);
  await scheduleApproval(platform, deal._id, until);
  await refreshInsightsOf(platform, docs, deal);
  await pushEarnings(
    platform,
    docs.map((d) => d.userId),
    { reason: 'deal-closed', dealId: deal._id.toHexString() },
  );
  // Also on a retry that wrote nothing: the first attempt may have stopped before telling anyone.
  emitLeaderboardUpdated(platform, {
    reason: 'deal-closed',
    dealId: deal._id.toHexString(),
    campaignId: deal.campaignId.toHexString(),
  });
  return written;
}

/**
 * A cancelled or refunded deal: unpaid lines are voided; each paid line gets a negative clawback line
 * (approved at once, so the next payout deducts it) and its owner is notified. Idempotent.
 */
export async function reverseDealCommissions(platform: Platform, dealId: ObjectId): Promise<number> {
  const deal = await findDealById(platform.db, dealId);
  if (!deal || deal.status === 'closed') return 0;
  const lines = await linesOfDeal(platform.db, deal._id);
  const { voidIds, clawbacks } = reverseDeal(
    lines.map((l) => ({
      id: l._id.toHexString(),
      userId: l.userId.toHexString(),
      kind: l.kind,
      level: l.level,
      amount: l.amount,
      status: l.status,
      sourceUserId: l.sourceUserId.toHexString(),
    })),
  );
  const now = platform.clock.now();
  await voidLines(
    platform.db,
    voidIds.map((id) => new ObjectId(id)),
    now,
  );
  // A line a payout run holds right now cannot be voided; once the run has paid it, the retry claws it back.
  const held = (await linesOfDeal(platform.db, deal._id)).filter(
    (l) => voidIds.includes(l._id.toHexString()) && l.status !== 'void',
  );
  if (held.length > 0)
    throw new Error(`deal ${deal._id.toHexString()}: ${held.length} line(s) held by a payout run; retrying`);
  const byId = new Map(lines.map((l) => [l._id.toHexString(), l]));
  const docs: CommissionDoc[] = clawbacks.map((claw) => {
    const original = byId.get(claw.reverses.lineId)!;
    return {
      _id: new ObjectId(),
      userId: original.userId,
      dealId: deal._id,
      campaignId: deal.campaignId,
      kind: 'clawback',
      level: claw.level,
      amount: claw.amount,
      status: 'approved',
      percent: 100,
      basis: original.amount,
      sourceUserId: original.sourceUserId,
      holdUntil: now,
      createdAt: now,
      approvedAt: now,
      reverses: { lineId: original._id, kind: original.kind },
      why: {
        ...original.why,
        rule: `clawback of ${original.why.rule}`,
        text: `Clawback: the ${formatCents(deal.value)} deal with ${deal.leadName} was ${deal.status}; reverses the ${formatCents(original.amount)} ${original.why.rule} commission paid (${original.why.text})`,
      },
    };
  });
  await insertLinesOnce(platform.db, docs);
  await refreshInsightsOf(platform, [...lines, ...docs], deal);
  const perUser = new Map<string, number>();
  for (const doc of docs)
    perUser.set(doc.userId.toHexString(), (perUser.get(doc.userId.toHexString()) ?? 0) + doc.amount);
  for (const [userId, amount] of perUser) {
    await notify(platform, new ObjectId(userId), {
      type: 'commission-clawback',
      title: 'Commission clawed back',
      body: `The ${formatCents(deal.value)} deal with ${deal.leadName} was ${deal.status}. ${formatCents(-amount)} will be deducted from your next payout.`,
      // The deal's campaign: Payouts History shows one campaign, the viewer's own by default.
      link: `/dashboard/bonsai?tab=payouts&campaign=${deal.campaignId.toHexString()}`,
      key: `clawback-${deal._id.toHexString()}-${userId}`,
    });
  }
  await pushEarnings(platform, await usersOfDeal(platform.db, deal._id), {
    reason: 'deal-cancelled',
    dealId: deal._id.toHexString(),
  });
  emitLeaderboardUpdated(platform, {
    reason: 'deal-cancelled',
    dealId: deal._id.toHexString(),
    campaignId: deal.campaignId.toHexString(),
  });
  return docs.length;
}

/** Pending lines past their hold window become approved (all of them, or one deal's). */
export async function approveDueCommissions(platform: Platform, dealId?: ObjectId): Promise<number> {
  const due = await dueForApproval(platform.db, platform.clock.now(), dealId);
  const approved = await approveLines(
    platform.db,
    due.map((l) => l._id),
    platform.clock.now(),
  );
  if (approved > 0) {
    await refreshInsightsOf(platform, due);
    await pushEarnings(
      platform,
      due.map((l) => l.userId),
      { reason: 'commissions-approved' },
    );
  }
  return approved;
}

/**
 * An admin's payout run: approves what is due, then pays each user's approved balance per campaign. A zero or
 * negative balance (clawbacks larger than new commissions) is carried to the next run untouched.
 */
export async function runPayouts(platform: Platform, admin: UserDoc): Promise<PayoutRunResponse> {
  const approved = await approveDueCommissions(platform);
  const runId = new ObjectId();
  let payouts = 0;
  let total = 0;
  let carried = 0;
  const paidUsers: ObjectId[] = [];
  const paidLines: Touched[] = [];
  for (const group of await payableGroups(platform.db)) {
    const lines = await claimForRun(platform.db, runId, group.userId, group.campaignId);
    if (lines.length === 0) continue;
    const amount = lines.reduce((sum, l) => sum + l.amount, 0);
    if (amount <= 0) {
      await releaseFromRun(
        platform.db,
        runId,
        lines.map((l) => l._id),
      );
      carried++;
      continue;
    }
    const campaignName = lines[0].why.campaignName;
    const payout = {
      _id: new ObjectId(),
      runId,
      userId: group.userId,
      campaignId: group.campaignId,
      campaignName,
      amount,
      lineCount: lines.length,
      clawbackCount: lines.filter((l) => l.kind === 'clawback').length,
      createdAt: platform.clock.now(),
      paidBy: admin._id,
    };
    await insertPayoutAndMarkPaid(
      platform.db,
      payout,
      lines.map((l) => l._id),
    );
    await notify(platform, group.userId, {
      type: 'payout-completed',
      title: 'Payout completed',
      body: `${formatCents(amount)} from ${campaignName} has been paid out.`,
      link: `/dashboard/bonsai?tab=payouts&campaign=${group.campaignId.toHexString()}`,
      key: `payout-${payout._id.toHexString()}`,
    });
    payouts++;
    total += amount;
    paidUsers.push(group.userId);
    paidLines.push(...lines);
  }
  await refreshInsightsOf(platform, paidLines);
  await pushEarnings(platform, paidUsers, { reason: 'payout-completed' });
  return { runId: runId.toHexString(), approved, payouts, total, carried };
}

/** Only admins read someone else's money. */
async function targetUser(platform: Platform, viewer: UserDoc, userId: string | undefined): Promise<UserDoc> {
  if (!userId || userId === viewer._id.toHexString()) return viewer;
  if (viewer.role !== 'admin') throw forbidden('You can only see your own earnings.');
  const user = await findUserById(platform.db, userId);
  if (!user) throw notFound('User not found.');
  return user;
}

function toLine(doc: CommissionDoc): CommissionLine {
  return {
    id: doc._id.toHexString(),
    dealId: doc.dealId.toHexString(),
    campaignId: doc.campaignId.toHexString(),
    campaignName: doc.why.campaignName,
    kind: doc.kind,
    level: doc.level,
    amount: doc.amount,
    status: doc.status,
    holdUntil: doc.holdUntil.toISOString(),
    createdAt: doc.createdAt.toISOString(),
    ...(doc.approvedAt ? { approvedAt: doc.approvedAt.toISOString() } : {}),
    ...(doc.paidAt ? { paidAt: doc.paidAt.toISOString() } : {}),
    ...(doc.payoutId ? { payoutId: doc.payoutId.toHexString() } : {}),
    why: {
      dealId: doc.dealId.toHexString(),
      dealValue: doc.why.dealValue,
      leadName: doc.why.leadName,
      campaignName: doc.why.campaignName,
      rule: doc.why.rule,
      percent: doc.percent,
      level: doc.level,
      basis: doc.basis,
      sourceUserId: doc.sourceUserId.toHexString(),
      sourceUserName: doc.why.sourceUserName,
      text: doc.why.text,
    },
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function payoutsOf(platform: Platform, viewer: UserDoc, query: PayoutsQuery): Promise<PayoutsResponse> {
  const user = await targetUser(platform, viewer, query.userId);
  const campaignId = query.campaignId ? new ObjectId(query.campaignId) : undefined;
  const limit = Math.min(200, Number(query.limit ?? 50));
  const page = await ledgerPage(
    platform.db,
    { userId: user._id, campaignId },
    limit + 1,
    query.cursor ? new ObjectId(query.cursor) : undefined,
  );
  const lines = page.slice(0, limit);
  const completed: PayoutItem[] = (await payoutsOfUser(platform.db, user._id, campaignId)).map((p) => ({
    id: p._id.toHexString(),
    date: p.createdAt.toISOString(),
    amount: p.amount,
    campaignId: p.campaignId.toHexString(),
    campaign: p.campaignName,
    status: 'completed',
    source:
      p.clawbackCount > 0
        ? `${plural(p.lineCount - p.clawbackCount, 'commission')}, ${plural(p.clawbackCount, 'clawback')}`
        : plural(p.lineCount, 'commission'),
    lineCount: p.lineCount,
  }));
  const upcoming: PayoutItem[] = (await unpaidByCampaign(platform.db, user._id, campaignId)).map((u) => ({
    id: `pending-${u.campaignId.toHexString()}`,
    date: u.nextHold.toISOString(),
    amount: u.amount,
    campaignId: u.campaignId.toHexString(),
    campaign: u.campaignName,
    status: 'pending',
    source:
      u.clawbacks > 0
        ? `${plural(u.lines - u.clawbacks, 'commission')}, ${plural(u.clawbacks, 'clawback')}`
        : plural(u.lines, 'commission'),
    lineCount: u.lines,
  }));
  const summary = summarizeEarnings(
    await ledgerAmounts(platform.db, { userId: user._id, campaignId }),
    platform.clock.now(),
  );
  return {
    ledger: lines.map(toLine),
    nextCursor: page.length > limit ? lines[lines.length - 1]._id.toHexString() : null,
    payouts: [...upcoming, ...completed],
    totals: { pending: summary.pending, approved: summary.approved, paid: summary.paid },
  };
}

/** Expected commission from open leads: the user's own (full-stack rate) and their downline's (override rates). */
export async function projectedEarnings(
  platform: Platform,
  user: UserDoc,
  campaignId?: ObjectId,
): Promise<Earnings['projected']> {
  const downline = await downlineOf(platform, user._id, 3);
  const levelOf = new Map(downline.map((m) => [m._id.toHexString(), m.level]));
  const leads = await openLeadsOf(platform.db, [user._id, ...downline.map((m) => m._id)], campaignId);
  const campaignIds = [...new Map(leads.map((l) => [l.campaignId.toHexString(), l.campaignId])).values()];
  const [campaigns, averages] = await Promise.all([
    findCampaignsByIds(platform.db, campaignIds),
    averageDealValues(platform.db, campaignIds),
  ]);
  const byId = new Map(campaigns.map((c) => [c._id.toHexString(), c]));
  let own = 0;
  let overrides = 0;
  let openLeads = 0;
  for (const lead of leads) {
    const campaign = byId.get(lead.campaignId.toHexString());
    if (!campaign) continue;
    const expected = projectedForLead(
      averages.get(campaign._id.toHexString()) ?? 0,
      lead.stage,
      campaign.commissionStructure.fullStack,
    );
    const agent = lead.assignedTo.toHexString();
    if (agent === user._id.toHexString()) {
      own += expected * lead.count;
      openLeads += lead.count;
    } else {
      const level = levelOf.get(agent) as 1 | 2 | 3 | undefined;
      // Rounded per lead, as each lead's override would be.
      if (level)
        overrides += percentOfCents(expected, campaign.commissionStructure.override[`level${level}`]) * lead.count;
    }
  }
  return { own, overrides, openLeads };
}

export async function earningsFor(platform: Platform, user: UserDoc, campaignId?: ObjectId): Promise<Earnings> {
  const summary = summarizeEarnings(
    await ledgerAmounts(platform.db, { userId: user._id, campaignId }),
    platform.clock.now(),
  );
  return { ...summary, projected: await projectedEarnings(platform, user, campaignId) };
}

export async function earningsOf(platform: Platform, viewer: UserDoc, query: EarningsQuery): Promise<Earnings> {
  const user = await targetUser(platform, viewer, query.userId);
  return earningsFor(platform, user, query.campaignId ? new ObjectId(query.campaignId) : undefined);
}

/** Every affected user gets their own fresh figures. */
async function pushEarnings(
  platform: Platform,
  userIds: ObjectId[],
  change: Omit<EarningsUpdatedPayload, 'earnings'>,
): Promise<void> {
  const unique = new Map(userIds.map((id) => [id.toHexString(), id]));
  for (const id of unique.values()) {
    const user = await findUserById(platform.db, id);
    if (user)
      emitEarningsUpdated(platform, id.toHexString(), { ...change, earnings: await earningsFor(platform, user) });
  }
}
