import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { CommunityMessages } from '../../../shared/schemas/community/messages.js';
import type { DealItem } from '../../../shared/schemas/deals/close.js';
import { ApiError } from '../../api/client.js';
import { Button } from '../../ui/Button.js';
import { toast } from '../../ui/toast.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { useSession } from '../session/public.js';
import { createPost } from './store.js';

/** Deals closed in this tab, by lead: the lead panel offers to share them once the lead shows as Closed. */
const closedInThisTab = proxy<Record<string, DealItem>>({});

export function rememberClosedDeal(deal: DealItem): void {
  closedInThisTab[deal.leadId] = deal;
}

/** Deals shared from this tab (the server refuses a second share of a deal with 409 anyway). */
const sharedDeals = proxy<Record<string, true>>({});

/**
 * Posts a win from a real closed deal: the server takes the value from the deal, so the Whale Deal badge is earned,
 * not typed. The spec's post toast on success; the server's text (e.g. already shared) otherwise.
 */
export function ShareWinButton({
  dealId,
  dealValue,
  campaignName,
  size = 'sm',
}: {
  dealId: string;
  dealValue: number;
  campaignName?: string;
  size?: 'sm' | 'md';
}) {
  const shared = useSnapshot(sharedDeals)[dealId] === true;
  const [sending, setSending] = useState(false);

  async function share() {
    setSending(true);
    try {
      const content = `Just closed a ${formatCents(dealValue)} deal${campaignName ? ` in ${campaignName}` : ''}!`;
      const answer = await createPost({ type: 'win', content, dealId });
      sharedDeals[dealId] = true;
      toast({ title: answer.message || CommunityMessages.posted, variant: 'success' });
    } catch (error) {
      // The API client showed the server's text; a deal already shared stays shared.
      if (error instanceof ApiError && error.status === 409) sharedDeals[dealId] = true;
    } finally {
      setSending(false);
    }
  }

  if (shared) return <span className={[page.muted, page.small].join(' ')}>Shared with the community</span>;
  return (
    <Button
      variant="secondary"
      size={size}
      isDisabled={sending}
      onPress={() => void share()}
      aria-label={`Share this win: ${formatCents(dealValue)} deal`}
    >
      <Share2 size={14} aria-hidden="true" /> {sending ? 'Sharing...' : 'Share this win'}
    </Button>
  );
}

/** The lead panel's share offer, for a deal closed from this tab. */
export function ShareClosedLeadWin({ leadId, campaignName }: { leadId: string; campaignName?: string }) {
  const deal = useSnapshot(closedInThisTab)[leadId];
  const { user } = useSession();
  // An owner or admin may close an agent's lead, but only the agents on the deal may share it.
  const onDeal = deal && (deal.closerId === user?.id || deal.openerId === user?.id);
  if (!deal || deal.status !== 'closed' || !onDeal) return null;
  return (
    <div className={page.row} data-testid="share-win">
      <span>Closed for {formatCents(deal.value)}.</span>
      <ShareWinButton dealId={deal.id} dealValue={deal.value} campaignName={campaignName} />
    </div>
  );
}
