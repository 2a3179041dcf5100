import { ObjectId } from 'mongodb';
import type { InsightsRefreshJob } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { findCampaignsByIds } from '../campaigns/public.js';
import { uplinesOf } from '../team/public.js';
import { emitInsightsUpdated } from './events.js';
import { DAY, dataSpan, rollUp } from './rollup-repository.js';

/** Per UTC day, when the last refresh that finished in this process began: a request made before it is covered. */
const refreshedFrom = new Map<string, number>();

/**
 * The `insights` worker's refresh: the days' rollups are recomputed whole (idempotent, so retries are safe), then
 * the users, their uplines (team insights), the campaigns' owners and admins are told. A request made before a
 * refresh of the same day began is already covered by it and only tells its people.
 */
export async function refreshInsights(platform: Platform, job: InsightsRefreshJob, requestedAt: number): Promise<void> {
  for (const day of new Set(job.days)) {
    if ((refreshedFrom.get(day) ?? 0) > requestedAt) continue;
    const began = Date.now();
    const from = new Date(`${day}T00:00:00.000Z`);
    await rollUp(platform.db, from, new Date(from.getTime() + DAY));
    refreshedFrom.set(day, Math.max(began, refreshedFrom.get(day) ?? 0));
  }
  const users = new Set(job.userIds);
  for (const id of job.userIds) for (const upline of await uplinesOf(platform, new ObjectId(id), 3)) users.add(upline.toHexString());
  for (const campaign of await findCampaignsByIds(platform.db, job.campaignIds.map((id) => new ObjectId(id)))) if (campaign.ownerId) users.add(campaign.ownerId.toHexString());
  emitInsightsUpdated(platform, [...users], { areas: ['earnings', 'calls', 'team', 'campaigns'] });
}

/** Rolls up everything already stored (start-up, the demo data, data loaded straight into the database). */
export async function rebuildInsightRollups(platform: Pick<Platform, 'db'>): Promise<number> {
  const span = await dataSpan(platform.db);
  if (!span) return 0;
  const first = Math.floor(span.first.getTime() / DAY) * DAY;
  const last = Math.floor(span.last.getTime() / DAY) * DAY + DAY;
  let written = 0;
  // A day at a time: the embedded server answers nobody else while one aggregation runs.
  for (let from = first; from < last; from += DAY) written += await rollUp(platform.db, new Date(from), new Date(from + DAY));
  return written;
}
