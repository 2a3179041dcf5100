import { Jobs } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import {
  correctDrift,
  measureDrift,
  steadyDrift,
  type CounterFamily,
  type Drift,
} from '../../platform/counter-drift.js';
import { enqueue } from '../../platform/queues.js';
import { recountPostCounts } from '../community/public.js';
import { dealStatsCounters } from '../deals/public.js';
import { leadFlowCounters, openLeadCounters } from '../leads/public.js';

/** Between the two looks: writes in flight during the first have long landed, a lost increment is still missing. */
export const CONFIRM_AFTER_MS = 10 * 60_000;

const familiesOf = (platform: Pick<Platform, 'db'>): CounterFamily[] => [
  openLeadCounters(platform.db),
  leadFlowCounters(platform.db),
  dealStatsCounters(platform.db),
];

export interface CounterAudit {
  /** Counter documents found off, per family. */
  drifting: Record<string, number>;
  /** Counter documents corrected (the confirming look only). */
  corrected: Record<string, number>;
  /** Posts whose like and comment counts were off and were set from a recount (the first look only). */
  postsCorrected?: number;
}

/**
 * The first look records what is off (in Redis, for a day) and asks for the confirming look; the confirming look
 * corrects only what it finds off by exactly as much as the first did, by increments, so the writes made in between
 * keep theirs. A counter is off only when a process died between a write and its counter update.
 */
export async function auditCounters(
  platform: Pick<Platform, 'db' | 'redis' | 'config' | 'queues' | 'log'>,
  confirm: boolean,
): Promise<CounterAudit> {
  const key = `${platform.config.redisPrefix}:insights:counter-drift`;
  const before = confirm ? (JSON.parse((await platform.redis.get(key)) ?? '{}') as Record<string, Drift>) : {};
  const audit: CounterAudit = { drifting: {}, corrected: {} };
  const seen: Record<string, Drift> = {};
  for (const family of familiesOf(platform)) {
    const drift = await measureDrift(family);
    seen[family.name] = drift;
    audit.drifting[family.name] = Object.keys(drift).length;
    if (confirm)
      audit.corrected[family.name] = await correctDrift(family, steadyDrift(before[family.name] ?? {}, drift));
  }
  if (confirm) {
    await platform.redis.del(key);
    if (Object.values(audit.corrected).some((n) => n > 0))
      platform.log.warn({ audit }, 'counters corrected after a recount');
    return audit;
  }
  // Post counts are set from a recount under a version guard, never incremented, so one look corrects them safely.
  audit.postsCorrected = await recountPostCounts(platform.db);
  if (audit.postsCorrected > 0)
    platform.log.warn({ postsCorrected: audit.postsCorrected }, 'post counts corrected after a recount');
  if (Object.values(audit.drifting).some((n) => n > 0)) {
    await platform.redis.set(key, JSON.stringify(seen), 'PX', 86_400_000);
    await enqueue(
      platform.queues.insights,
      Jobs.insights.auditCounters,
      { confirm: true },
      { delay: CONFIRM_AFTER_MS, jobId: `audit-counters-confirm-${Date.now()}` },
    );
  }
  return audit;
}
