import { useEffect, useRef } from 'react';
import { SocketEvents } from '../../../shared/events.js';
import type { LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import { dollarsToCents, percentOfCents } from '../../../shared/money.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { onLive } from '../../live/socket.js';

/**
 * GET /api/leads/:id/deal for the open lead. Read again when the lead changes (closed, cancelled: `lead:updated`
 * bumps `updatedAt`) and when the commissions worker has written the deal's lines or clawbacks (`leaderboard:updated`
 * names the deal), so the lines appear without a reload.
 */
export function useLeadDeal(leadId: string, leadUpdatedAt: string, leadClosed: boolean) {
  const { data, failed, refresh: load } = useApiQuery(`/api/leads/${leadId}/deal`, { quiet: true });
  const view = data ?? null;
  const seenUpdate = useRef(leadUpdatedAt);
  useEffect(() => {
    if (seenUpdate.current === leadUpdatedAt) return;
    seenUpdate.current = leadUpdatedAt;
    load();
  }, [load, leadUpdatedAt]);

  const dealId = view?.deal?.id;
  useEffect(
    () =>
      onLive(SocketEvents.leaderboardUpdated, (payload) => {
        // A deal this tab has not heard of yet may be this lead's, just closed.
        if (payload.dealId === dealId || (leadClosed && !dealId)) load();
      }),
    [dealId, leadClosed, load],
  );

  return { view, failed, reload: load };
}

export interface SplitLine {
  name: string;
  role: 'Opener' | 'Closer' | 'Full stack';
  percent: number;
  /** Integer cents. */
  amount: number;
}

/** The earning agents' lines the ledger will write for this value and opener (zero-cent lines are not written). */
export function dealSplit(
  view: Pick<LeadDealView, 'closer' | 'openers' | 'percents' | 'transferOpener'>,
  dollars: number,
  openerId: string,
): SplitLine[] {
  if (!view.closer || !Number.isFinite(dollars) || dollars <= 0) return [];
  const cents = dollarsToCents(dollars);
  const opener = [...(view.transferOpener ? [view.transferOpener] : []), ...view.openers].find(
    (person) => person.id === openerId,
  );
  const lines: SplitLine[] = opener
    ? [
        {
          name: opener.name,
          role: 'Opener',
          percent: view.percents.opener,
          amount: percentOfCents(cents, view.percents.opener),
        },
        {
          name: view.closer.name,
          role: 'Closer',
          percent: view.percents.closer,
          amount: percentOfCents(cents, view.percents.closer),
        },
      ]
    : [
        {
          name: view.closer.name,
          role: 'Full stack',
          percent: view.percents.fullStack,
          amount: percentOfCents(cents, view.percents.fullStack),
        },
      ];
  return lines.filter((line) => line.amount > 0);
}
