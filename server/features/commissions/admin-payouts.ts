import { ObjectId } from 'mongodb';
import type {
  AdminPayoutItem,
  AdminPayoutList,
  AdminPayoutsQuery,
} from '../../../shared/schemas/commissions/admin-payouts.js';
import type { Platform } from '../../platform/context.js';
import { userSummaries } from '../users/public.js';
import { ledgerTotalsByStatus, payoutsPage, unpaidGroups } from './repository.js';

const MAX_PENDING_ROWS = 500;

/**
 * The admin payouts screen: money waiting to be paid per user and campaign (`pending`: approved for the next run,
 * plus what is still in its hold window), or the payouts runs have made (`completed`, newest first, by cursor).
 */
export async function adminPayouts(platform: Platform, query: AdminPayoutsQuery): Promise<AdminPayoutList> {
  const status = query.status ?? 'pending';
  const limit = query.limit ?? 50;
  const ledger = await ledgerTotalsByStatus(platform.db);
  const totals = { approved: ledger.approved, held: ledger.pending, paid: ledger.paid };
  const now = platform.clock.now();

  if (status === 'pending') {
    const groups = await unpaidGroups(platform.db, MAX_PENDING_ROWS);
    const payees = await userSummaries(
      platform.db,
      groups.map((g) => g.userId),
    );
    const items: AdminPayoutItem[] = groups.map((group) => {
      const payee = payees.get(group.userId.toHexString());
      return {
        id: `pending-${group.userId.toHexString()}-${group.campaignId.toHexString()}`,
        status: 'pending',
        user: { id: group.userId.toHexString(), name: payee?.name ?? 'Former agent', email: payee?.email ?? '' },
        campaignId: group.campaignId.toHexString(),
        campaign: group.campaignName,
        amount: group.approved,
        held: group.held,
        lineCount: group.lines,
        clawbackCount: group.clawbacks,
        date: (group.releaseAt ?? now).toISOString(),
      };
    });
    return { status, items, nextCursor: null, totals };
  }

  const page = await payoutsPage(platform.db, limit + 1, query.cursor ? new ObjectId(query.cursor) : undefined);
  const payouts = page.slice(0, limit);
  const payees = await userSummaries(
    platform.db,
    payouts.map((p) => p.userId),
  );
  const items: AdminPayoutItem[] = payouts.map((payout) => {
    const payee = payees.get(payout.userId.toHexString());
    return {
      id: payout._id.toHexString(),
      status: 'completed',
      user: { id: payout.userId.toHexString(), name: payee?.name ?? 'Former agent', email: payee?.email ?? '' },
      campaignId: payout.campaignId.toHexString(),
      campaign: payout.campaignName,
      amount: payout.amount,
      held: 0,
      lineCount: payout.lineCount,
      clawbackCount: payout.clawbackCount,
      date: payout.createdAt.toISOString(),
      runId: payout.runId.toHexString(),
    };
  });
  return {
    status,
    items,
    nextCursor: page.length > limit ? payouts[payouts.length - 1]._id.toHexString() : null,
    totals,
  };
}
