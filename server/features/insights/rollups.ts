import { ObjectId, type Db } from 'mongodb';
import type { InsightsRefreshJob } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { withRedisLock } from '../../platform/redis-lock.js';
import { findCampaignsByIds } from '../campaigns/public.js';
import { rebuildDealStats } from '../deals/public.js';
import { rebuildLeadFlow, rebuildOpenLeadCounts } from '../leads/public.js';
import { uplinesOf } from '../users/public.js';
import { emitInsightsUpdated } from './events.js';
import { claimFiguresRebuild, DAY, dataSpan, figuresRebuilt, rollUp, rollUpWeek, weekOf } from './rollup-repository.js';

/**
 * What the stored figures are built by: raise it when the rollups' or the counters' shape or meaning changes, and
 * the next start rebuilds them all once (a database built by this version is left alone).
 */
const FIGURES_VERSION = 5;

/**
 * Runs `recompute` while this process alone holds the day: two refreshes of one day (two worker processes, or a
 * retry beside a late job) would otherwise interleave, and the one that read the data first could write last.
 * Whoever takes the day after a change reads that change, so serialised whole-day recomputes end on the newest data.
 */
export function withDayGuard<T>(
  platform: Pick<Platform, 'redis' | 'config'>,
  day: string,
  recompute: () => Promise<T>,
): Promise<T> {
  const key = `${platform.config.redisPrefix}:insights:day:${day}`;
  return withRedisLock(platform, key, `insights day ${day} still being refreshed after 120 s`, recompute);
}

/**
 * Recomputes one UTC day ('YYYY-MM-DD') whole under the day's guard, unless a recompute that began after
 * `requestedAt` (when the change asking for it was queued) has finished already: that one read the change.
 */
export async function refreshDay(
  platform: Pick<Platform, 'db' | 'redis' | 'config'>,
  day: string,
  requestedAt: number,
): Promise<void> {
  const doneKey = `${platform.config.redisPrefix}:insights:refreshed:${day}`;
  await withDayGuard(platform, day, async () => {
    if (Number((await platform.redis.get(doneKey)) ?? 0) > requestedAt) return;
    const began = Date.now();
    const from = new Date(`${day}T00:00:00.000Z`);
    await rollUp(platform.db, from, new Date(from.getTime() + DAY));
    await refreshWeek(platform, new Date(weekOf(from.getTime())));
    // Kept a day: a job queued longer ago than that is retried or late anyway, and a re-run only repeats the work.
    await platform.redis.set(doneKey, String(began), 'PX', DAY);
  });
}

/** The week's totals, recomputed by one process at a time (two days of one week may be refreshed at once). */
function refreshWeek(platform: Pick<Platform, 'db' | 'redis' | 'config'>, week: Date): Promise<void> {
  const key = `${platform.config.redisPrefix}:insights:week:${week.toISOString().slice(0, 10)}`;
  return withRedisLock(
    platform,
    key,
    `insights week ${week.toISOString().slice(0, 10)} still being refreshed after 120 s`,
    () => rollUpWeek(platform.db, week),
  );
}

/**
 * The `insights` worker's refresh: the days' rollups are recomputed whole (idempotent, so retries are safe), then
 * the users, their uplines (team insights), the campaigns' owners and admins are told.
 */
export async function refreshInsights(platform: Platform, job: InsightsRefreshJob, requestedAt: number): Promise<void> {
  for (const day of new Set(job.days)) await refreshDay(platform, day, requestedAt);
  const users = new Set(job.userIds);
  for (const id of job.userIds)
    for (const upline of await uplinesOf(platform, new ObjectId(id), 3)) users.add(upline.toHexString());
  for (const campaign of await findCampaignsByIds(
    platform.db,
    job.campaignIds.map((id) => new ObjectId(id)),
  ))
    if (campaign.ownerId) users.add(campaign.ownerId.toHexString());
  emitInsightsUpdated(platform, [...users], { areas: ['earnings', 'calls', 'team', 'campaigns'] });
}

/**
 * Rebuilds every stored figure from the data: the open-lead counters, the lead flow, the campaigns' deal averages, the
 * rollups and their week totals (data loaded straight into the database, a database from an older version). The
 * rollups a day at a time: the embedded server answers nobody else while one aggregation runs.
 */
export async function rebuildInsightRollups(platform: Pick<Platform, 'db'>): Promise<number> {
  await rebuildOpenLeadCounts(platform.db);
  await rebuildLeadFlow(platform.db);
  await rebuildDealStats(platform.db);
  const span = await dataSpan(platform.db);
  if (!span) return 0;
  const first = Math.floor(span.first.getTime() / DAY) * DAY;
  const last = Math.floor(span.last.getTime() / DAY) * DAY + DAY;
  let written = 0;
  for (let from = first; from < last; from += DAY)
    written += await rollUp(platform.db, new Date(from), new Date(from + DAY));
  for (let week = weekOf(first); week < last; week += 7 * DAY) await rollUpWeek(platform.db, new Date(week));
  return written;
}

/**
 * At start: the stored figures are rebuilt when they were never built or were built by an older version, by the
 * one process that claims it; otherwise nothing is read. The product's own writes keep them current after that.
 */
export async function catchUpInsightFigures(db: Db): Promise<void> {
  if (!(await claimFiguresRebuild(db, FIGURES_VERSION))) return;
  await rebuildInsightRollups({ db });
  await figuresRebuilt(db, FIGURES_VERSION);
}
