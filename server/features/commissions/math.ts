/**
 * The commission rules (docs/product.md, Commission) as pure functions over integer cents (docs/commissions.md).
 * Rounding: every line is rounded on its own to a whole cent, half away from zero; an override is a
 * percentage of the earning agent's already-rounded commission, so every line can be re-checked by hand.
 */

import { percentOfCents } from '../../../shared/money.js';

// The client previews a deal's split with the very same rounding, so these two live in shared/.
export { dollarsToCents, percentOfCents } from '../../../shared/money.js';

export interface CommissionPercents {
  opener: number;
  closer: number;
  fullStack: number;
  override: { level1: number; level2: number; level3: number };
}

export type EarningKind = 'opener' | 'closer' | 'fullStack';

export interface LineDraft {
  userId: string;
  kind: EarningKind | 'override';
  level: 0 | 1 | 2 | 3;
  amount: number;
  percent: number;
  /** What the percentage was applied to: the deal value (level 0) or the earning agent's commission (overrides). */
  basis: number;
  /** Whose production: the earning agent (themselves for level 0). */
  sourceUserId: string;
}

export const OVERRIDE_LEVELS = [1, 2, 3] as const;
export interface DealCommissionInput {
  value: number;
  percents: CommissionPercents;
  openerId: string;
  closerId: string;
  /** The earning agent's uplines, nearest first (level 1, 2, 3), already cycle-free (see `uplineChain` in users). */
  uplinesOf(userId: string): string[];
}

/**
 * The ledger lines of one deal: the opener and the closer, or the full-stack agent when one agent did both;
 * then, for each earning agent, their uplines at levels 1-3 earn the override percentage of that agent's
 * commission. Zero-cent lines are left out (e.g. a 0% closer).
 */
export function commissionLines(input: DealCommissionInput): LineDraft[] {
  const { value, percents } = input;
  if (!Number.isInteger(value) || value <= 0) throw new Error('deal value must be a positive integer of cents');
  const earners: Array<{ userId: string; kind: EarningKind; percent: number }> =
    input.openerId === input.closerId
      ? [{ userId: input.closerId, kind: 'fullStack', percent: percents.fullStack }]
      : [
          { userId: input.openerId, kind: 'opener', percent: percents.opener },
          { userId: input.closerId, kind: 'closer', percent: percents.closer },
        ];
  const lines: LineDraft[] = [];
  for (const earner of earners) {
    const amount = percentOfCents(value, earner.percent);
    if (amount <= 0) continue;
    lines.push({
      userId: earner.userId,
      kind: earner.kind,
      level: 0,
      amount,
      percent: earner.percent,
      basis: value,
      sourceUserId: earner.userId,
    });
    const uplines = input.uplinesOf(earner.userId).slice(0, OVERRIDE_LEVELS.length);
    uplines.forEach((uplineId, index) => {
      const level = OVERRIDE_LEVELS[index];
      if (uplineId === earner.userId) return;
      const percent = percents.override[`level${level}`];
      const override = percentOfCents(amount, percent);
      if (override > 0)
        lines.push({
          userId: uplineId,
          kind: 'override',
          level,
          amount: override,
          percent,
          basis: amount,
          sourceUserId: earner.userId,
        });
    });
  }
  return lines;
}

const DAY_MS = 24 * 3600 * 1000;

/** A commission stays `pending` until this moment, then may be approved (the campaign's hold window). */
export function holdUntil(closedAt: Date, holdDays: number): Date {
  return new Date(closedAt.getTime() + Math.max(0, holdDays) * DAY_MS);
}

export function isPastHold(line: { status: string; holdUntil: Date }, now: Date): boolean {
  return line.status === 'pending' && line.holdUntil.getTime() <= now.getTime();
}

export interface LedgerLine {
  id: string;
  userId: string;
  kind: EarningKind | 'override' | 'clawback';
  level: number;
  amount: number;
  status: 'pending' | 'approved' | 'paid' | 'void';
  sourceUserId: string;
}

export interface ClawbackDraft {
  userId: string;
  kind: 'clawback';
  level: number;
  amount: number;
  sourceUserId: string;
  reverses: { lineId: string; kind: LedgerLine['kind'] };
}

/**
 * Undoing a deal: money not paid yet is voided (it never reaches a payout); every paid line gets a negative
 * clawback line of the same amount, deducted from the owner's next payout.
 */
export function reverseDeal(lines: LedgerLine[]): { voidIds: string[]; clawbacks: ClawbackDraft[] } {
  const voidIds: string[] = [];
  const clawbacks: ClawbackDraft[] = [];
  for (const line of lines) {
    if (line.kind === 'clawback' || line.status === 'void') continue;
    if (line.status === 'paid') {
      clawbacks.push({
        userId: line.userId,
        kind: 'clawback',
        level: line.level,
        amount: -line.amount,
        sourceUserId: line.sourceUserId,
        reverses: { lineId: line.id, kind: line.kind },
      });
    } else {
      voidIds.push(line.id);
    }
  }
  return { voidIds, clawbacks };
}

export interface EarningWindows {
  dayStart: Date;
  weekStart: Date;
  monthStart: Date;
}

/** UTC day, ISO week (from Monday) and calendar month containing `now`. */
export function earningWindows(now: Date): EarningWindows {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekStart = new Date(dayStart.getTime() - ((dayStart.getUTCDay() + 6) % 7) * DAY_MS);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { dayStart, weekStart, monthStart };
}

export interface EarningsSummary {
  daily: number;
  weekly: number;
  monthly: number;
  total: number;
  pending: number;
  approved: number;
  paid: number;
}

/** Sums of the ledger by window (when the line was written) and by status. Void lines count nowhere. */
export function summarizeEarnings(
  lines: Array<{ amount: number; status: LedgerLine['status']; createdAt: Date }>,
  now: Date,
): EarningsSummary {
  const { dayStart, weekStart, monthStart } = earningWindows(now);
  const sum: EarningsSummary = { daily: 0, weekly: 0, monthly: 0, total: 0, pending: 0, approved: 0, paid: 0 };
  for (const line of lines) {
    if (line.status === 'void') continue;
    const at = line.createdAt.getTime();
    sum.total += line.amount;
    if (at >= monthStart.getTime()) sum.monthly += line.amount;
    if (at >= weekStart.getTime()) sum.weekly += line.amount;
    if (at >= dayStart.getTime()) sum.daily += line.amount;
    sum[line.status] += line.amount;
  }
  return sum;
}

/** Chance an open lead closes, by stage: what projected earnings are weighted with (docs/commissions.md). */
export const STAGE_CLOSE_WEIGHT: Record<string, number> = { New: 0.1, Contacted: 0.25, Qualified: 0.5, Proposal: 0.75 };

/** Expected commission of one open lead: the campaign's average deal, weighted by stage, at the agent's full-stack rate. */
export function projectedForLead(avgDealValue: number, stage: string, fullStackPercent: number): number {
  const weight = STAGE_CLOSE_WEIGHT[stage] ?? 0;
  return percentOfCents(Math.round(avgDealValue * weight), fullStackPercent);
}

/** Human text of one line (the "Why this amount?" view). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
