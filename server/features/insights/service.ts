import { ObjectId } from 'mongodb';
import type {
  CallsBucket,
  CallsInsights,
  EarningsBucket,
  EarningsInsights,
  FunnelInsights,
} from '../../../shared/schemas/insights/agent.js';
import type { CampaignInsights } from '../../../shared/schemas/insights/campaigns.js';
import { insightMessages, type InsightsQuery } from '../../../shared/schemas/insights/query.js';
import type { TeamInsights, TeamMemberRow } from '../../../shared/schemas/insights/team.js';
import type { Platform } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { campaignNames, findCampaignById, listCampaignIdsOwnedBy } from '../campaigns/public.js';
import { projectedEarnings } from '../commissions/public.js';
import { leadFlowOn, leadFlowTotals, leadFunnelByCampaign } from '../leads/public.js';
import { downlineOf, type UserDoc } from '../users/public.js';
import { activeAgentsPerDay } from './active-agents.js';
import { resolveRange, slotPlace, type ResolvedRange } from './period.js';
import * as repo from './repository.js';
import * as rollups from './rollup-repository.js';
import type { Figures } from './rollup-repository.js';
import { slotsWithin, sumsOver } from './rollup-sums.js';

const DAY = 86_400_000;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

async function windowFor(
  platform: Platform,
  query: InsightsQuery,
): Promise<{ resolved: ResolvedRange; window: repo.Window }> {
  const resolved = resolveRange(query, platform.clock.now());
  let campaignIds: ObjectId[] | undefined;
  if (query.campaignId) {
    const campaign = await findCampaignById(platform.db, query.campaignId);
    if (!campaign) throw notFound(insightMessages.campaign);
    campaignIds = [campaign._id];
  }
  const { startsAt, endsAt } = resolved;
  return { resolved, window: { startsAt, endsAt, tz: resolved.range.tz, bucket: resolved.range.bucket, campaignIds } };
}

/** The viewer's rollup slots inside the window (the window is whole local days, so whole slots). */
async function viewerSlots(
  platform: Platform,
  viewer: UserDoc,
  window: repo.Window,
): Promise<Array<[number, Figures]>> {
  const from = window.startsAt.getTime();
  const to = window.endsAt.getTime();
  const dayOf = (ms: number) => new Date(Math.floor(ms / DAY) * DAY);
  const docs = await rollups.userRollups(
    platform.db,
    viewer._id,
    window.campaignIds?.[0] ?? null,
    dayOf(from),
    dayOf(to - 1),
  );
  return [...slotsWithin(docs, from, to)];
}

/** Every label of the period gets a row, zero where nothing happened, so charts have no gaps. */
function fill<T>(labels: string[], rows: Map<string, T>, empty: () => T): Array<T & { start: string }> {
  return labels.map((start) => ({ ...(rows.get(start) ?? empty()), start }));
}

export async function earningsInsights(
  platform: Platform,
  viewer: UserDoc,
  query: InsightsQuery,
): Promise<EarningsInsights> {
  const { resolved, window } = await windowFor(platform, query);
  const [slots, projected] = await Promise.all([
    viewerSlots(platform, viewer, window),
    projectedEarnings(platform, viewer, window.campaignIds?.[0]),
  ]);
  const zero = (): Omit<EarningsBucket, 'start'> => ({
    own: 0,
    level1: 0,
    level2: 0,
    level3: 0,
    clawbacks: 0,
    total: 0,
    pending: 0,
    approved: 0,
    paid: 0,
  });
  const perBucket = new Map<string, Omit<EarningsBucket, 'start'>>();
  for (const [slot, f] of slots) {
    if (f.total === undefined) continue;
    const { label } = slotPlace(slot, window.bucket, window.tz);
    const bucket = perBucket.get(label) ?? zero();
    bucket.own += f.own ?? 0;
    bucket.level1 += f.l1 ?? 0;
    bucket.level2 += f.l2 ?? 0;
    bucket.level3 += f.l3 ?? 0;
    bucket.clawbacks += f.claw ?? 0;
    bucket.total += f.total ?? 0;
    bucket.pending += f.pending ?? 0;
    bucket.approved += f.approved ?? 0;
    bucket.paid += f.paid ?? 0;
    perBucket.set(label, bucket);
  }
  const buckets = fill(resolved.labels, perBucket, zero);
  const totals = zero();
  for (const bucket of buckets)
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += bucket[key];
  return { range: resolved.range, buckets, totals, projected };
}

export async function callsInsights(platform: Platform, viewer: UserDoc, query: InsightsQuery): Promise<CallsInsights> {
  const { resolved, window } = await windowFor(platform, query);
  const rows = [...(await viewerSlots(platform, viewer, window))]
    .filter(([, f]) => f.dials)
    .map(([slot, f]) => ({ _id: slot, dials: f.dials, connects: f.connects ?? 0, talk: f.talk ?? 0 }));
  const perBucket = new Map<string, { dials: number; connects: number; talkSeconds: number }>();
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, dials: 0, connects: 0 }));
  const totals = { dials: 0, connects: 0, talkSeconds: 0 };
  for (const row of rows) {
    const { label, hour } = slotPlace(row._id, window.bucket, window.tz);
    const bucket = perBucket.get(label) ?? { dials: 0, connects: 0, talkSeconds: 0 };
    bucket.dials += row.dials;
    bucket.connects += row.connects;
    bucket.talkSeconds += row.talk;
    perBucket.set(label, bucket);
    byHour[hour].dials += row.dials;
    byHour[hour].connects += row.connects;
    totals.dials += row.dials;
    totals.connects += row.connects;
    totals.talkSeconds += row.talk;
  }
  const buckets: CallsBucket[] = fill(resolved.labels, perBucket, () => ({
    dials: 0,
    connects: 0,
    talkSeconds: 0,
  })).map((b) => ({ ...b, connectRate: percent(b.connects, b.dials) }));
  return {
    range: resolved.range,
    buckets,
    byHour,
    totals: { ...totals, connectRate: percent(totals.connects, totals.dials) },
  };
}

export async function funnelInsights(
  platform: Platform,
  viewer: UserDoc,
  query: InsightsQuery,
): Promise<FunnelInsights> {
  const { resolved, window } = await windowFor(platform, query);
  const rows = await leadFunnelByCampaign(platform.db, viewer._id, window);
  const names = new Map(
    (
      await campaignNames(
        platform.db,
        rows.map((r) => r._id),
      )
    ).map((c) => [c._id.toHexString(), c.name]),
  );
  const campaigns = rows
    .map((row) => ({
      campaignId: row._id.toHexString(),
      campaignName: names.get(row._id.toHexString()) ?? 'Removed campaign',
      assigned: row.assigned,
      contacted: row.contacted,
      interested: row.interested,
      closed: row.closed,
      contactRate: percent(row.contacted, row.assigned),
      interestRate: percent(row.interested, row.contacted),
      closeRate: percent(row.closed, row.interested),
    }))
    .sort((a, b) => a.campaignName.localeCompare(b.campaignName));
  return { range: resolved.range, campaigns };
}

/** The viewer's downline at levels 1-3: production per member and per level, and who is rising or falling. */
export async function teamInsights(platform: Platform, viewer: UserDoc, query: InsightsQuery): Promise<TeamInsights> {
  const { resolved, window } = await windowFor(platform, query);
  const members = await downlineOf(platform, viewer._id, 3);
  const ids = members.map((m) => m._id);
  const trendEnd = new Date(Math.min(window.endsAt.getTime(), platform.clock.now().getTime()));
  const weekStart = new Date(trendEnd.getTime() - 7 * DAY);
  const trendStart = new Date(trendEnd.getTime() - 14 * DAY);
  const campaignId = window.campaignIds?.[0] ?? null;
  const memberReads = (fields: string[]) => ({
    totals: (fromDay: Date, toDay: Date) => rollups.usersTotals(platform.db, ids, campaignId, fromDay, toDay, fields),
    edges: (days: Date[]) => rollups.usersRollupsOn(platform.db, ids, campaignId, days),
    scopeOf: (doc: rollups.RollupDoc) => doc.userId,
    // The week-on-week trend ends now, mid-slot: its slivers are read from the calls and deals themselves.
    raw: async (from: Date, to: Date) => {
      const [calls, deals] = await Promise.all([
        repo.callsPerAgent(platform.db, ids, from, to, window.campaignIds),
        repo.dealsPerAgent(platform.db, ids, from, to, window.campaignIds),
      ]);
      return [
        ...calls.map((r) => ({ id: r._id, figures: { dials: r.dials, connects: r.connects } })),
        ...deals.map((r) => ({ id: r._id, figures: { deals: r.deals } })),
      ];
    },
  });
  const sourceKeys = ids.map((id) => `o${id.toHexString()}`);
  const viewerReads = {
    totals: (fromDay: Date, toDay: Date) =>
      rollups.usersTotals(platform.db, [viewer._id], campaignId, fromDay, toDay, sourceKeys),
    edges: (days: Date[]) => rollups.usersRollupsOn(platform.db, [viewer._id], campaignId, days),
    scopeOf: (doc: rollups.RollupDoc) => doc.userId,
  };
  const none = Promise.resolve(new Map<string, Figures>());
  const [production, overrideSums, early, late] = ids.length
    ? await Promise.all([
        sumsOver(memberReads(['dials', 'connects', 'deals']), window.startsAt, window.endsAt),
        sumsOver(viewerReads, window.startsAt, window.endsAt),
        sumsOver(memberReads(['dials', 'deals']), trendStart, weekStart),
        sumsOver(memberReads(['dials', 'deals']), weekStart, trendEnd),
      ])
    : await Promise.all([none, none, none, none]);
  const overrides = overrideSums.get(viewer._id.toHexString()) ?? {};
  const c = new Map([...production].map(([id, f]) => [id, { dials: f.dials ?? 0, connects: f.connects ?? 0 }]));
  const d = new Map([...production].map(([id, f]) => [id, { deals: f.deals ?? 0 }]));
  const o = new Map(ids.map((id) => [id.toHexString(), { amount: overrides[`o${id.toHexString()}`] ?? 0 }]));
  const tc = new Map(
    ids.map((id) => [
      id.toHexString(),
      {
        dials: (early.get(id.toHexString())?.dials ?? 0) + (late.get(id.toHexString())?.dials ?? 0),
        late: late.get(id.toHexString())?.dials ?? 0,
      },
    ]),
  );
  const td = new Map(
    ids.map((id) => [
      id.toHexString(),
      {
        deals: (early.get(id.toHexString())?.deals ?? 0) + (late.get(id.toHexString())?.deals ?? 0),
        late: late.get(id.toHexString())?.deals ?? 0,
      },
    ]),
  );
  const rows: TeamMemberRow[] = members.map((member) => {
    const id = member._id.toHexString();
    const thisWeek = { dials: tc.get(id)?.late ?? 0, deals: td.get(id)?.late ?? 0 };
    const lastWeek = {
      dials: (tc.get(id)?.dials ?? 0) - thisWeek.dials,
      deals: (td.get(id)?.deals ?? 0) - thisWeek.deals,
    };
    // Deals decide first; dials only break a tie in deals.
    const delta = thisWeek.deals - lastWeek.deals || thisWeek.dials - lastWeek.dials;
    return {
      id,
      name: member.name,
      level: member.level,
      dials: c.get(id)?.dials ?? 0,
      connects: c.get(id)?.connects ?? 0,
      deals: d.get(id)?.deals ?? 0,
      override: o.get(id)?.amount ?? 0,
      trend: { thisWeek, lastWeek, direction: delta > 0 ? 'rising' : delta < 0 ? 'falling' : 'steady' },
    };
  });
  rows.sort((a, b) => a.level - b.level || a.name.localeCompare(b.name));
  const levels = [1, 2, 3].map((level) => {
    const at = rows.filter((r) => r.level === level);
    const sum = (key: 'dials' | 'connects' | 'deals' | 'override') => at.reduce((total, r) => total + r[key], 0);
    return {
      level,
      members: at.length,
      dials: sum('dials'),
      connects: sum('connects'),
      deals: sum('deals'),
      override: sum('override'),
    };
  });
  return { range: resolved.range, members: rows, levels };
}

/** Owners see their own campaigns, admins every campaign; sales users are refused. */
export async function campaignInsights(
  platform: Platform,
  viewer: UserDoc,
  query: InsightsQuery,
): Promise<CampaignInsights> {
  if (viewer.role !== 'owner' && viewer.role !== 'admin') throw forbidden(insightMessages.ownersOnly);
  const { resolved, window } = await windowFor(platform, query);
  if (viewer.role === 'owner') {
    const owned = await listCampaignIdsOwnedBy(platform.db, viewer._id);
    if (window.campaignIds && !owned.some((id) => id.equals(window.campaignIds![0])))
      throw notFound(insightMessages.campaign);
    window.campaignIds ??= owned;
  }
  const campaignReads = {
    totals: async (fromDay: Date, toDay: Date) => {
      const [rolled, flow] = await Promise.all([
        rollups.campaignTotals(platform.db, window.campaignIds, fromDay, toDay, ['calls', 'deals', 'revenue', 'cost']),
        leadFlowTotals(platform.db, window.campaignIds, fromDay, toDay),
      ]);
      return [...rolled, ...flow];
    },
    edges: async (days: Date[]) => {
      const [rolled, flow] = await Promise.all([
        rollups.campaignRollupsOn(platform.db, window.campaignIds, days),
        leadFlowOn(platform.db, window.campaignIds, days),
      ]);
      return [...rolled, ...flow.map((doc) => ({ ...doc, userId: null, totals: {} }))];
    },
    scopeOf: (doc: rollups.RollupDoc) => doc.campaignId,
  };
  const dayOf = (ms: number) => new Date(Math.floor(ms / DAY) * DAY);
  const [campaigns, sums, activeDocs] = await Promise.all([
    campaignNames(platform.db, window.campaignIds),
    sumsOver(campaignReads, window.startsAt, window.endsAt),
    rollups.activeRollups(
      platform.db,
      window.campaignIds,
      dayOf(window.startsAt.getTime()),
      dayOf(window.endsAt.getTime() - 1),
    ),
  ]);
  const agentsPerDay = activeAgentsPerDay(activeDocs, window.startsAt, window.endsAt, window.tz);
  const dayLabels = resolveRange({ ...query, bucket: 'day' }, platform.clock.now()).labels;
  return {
    range: resolved.range,
    campaigns: campaigns.map(({ _id, name }) => {
      const id = _id.toHexString();
      return {
        campaignId: id,
        campaignName: name,
        imported: sums.get(id)?.imported ?? 0,
        distributed: sums.get(id)?.distributed ?? 0,
        worked: sums.get(id)?.worked ?? 0,
        recycled: sums.get(id)?.recycled ?? 0,
        calls: sums.get(id)?.calls ?? 0,
        deals: sums.get(id)?.deals ?? 0,
        revenue: sums.get(id)?.revenue ?? 0,
        commissionCost: sums.get(id)?.cost ?? 0,
      };
    }),
    activeAgents: dayLabels.map((start) => ({ start, agents: agentsPerDay.get(start)?.size ?? 0 })),
  };
}
