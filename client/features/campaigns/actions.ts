import type { CampaignJoinResponse } from '../../../shared/schemas/campaigns/join.js';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { CampaignMessages } from '../../../shared/schemas/campaigns/messages.js';
import { api } from '../../api/client.js';
import { toast } from '../../ui/toast.js';
import { session } from '../session/public.js';

type CampaignRef = Pick<CampaignSummary, 'id' | 'name' | 'status'>;

export function announceComingSoon(): void {
  toast({ title: CampaignMessages.comingSoonTitle, description: CampaignMessages.comingSoon });
}

/** Makes the campaign the active one of the overview; coming-soon campaigns cannot be chosen. */
export async function selectCampaign(campaign: CampaignRef): Promise<boolean> {
  if (campaign.status === 'coming-soon') {
    announceComingSoon();
    return false;
  }
  const answer = await api('/api/me/active-campaign', { method: 'PUT', body: { campaignId: campaign.id } });
  if (session.user) session.user.activeCampaignId = answer.activeCampaignId ?? undefined;
  toast({
    title: answer.title ?? CampaignMessages.selectedTitle(answer.campaignName ?? campaign.name),
    description: answer.message ?? CampaignMessages.selected,
    variant: 'success',
  });
  return true;
}

/** Change Campaign: clears the choice. */
export async function clearActiveCampaign(): Promise<void> {
  await api('/api/me/active-campaign', { method: 'PUT', body: { campaignId: null } });
  if (session.user) session.user.activeCampaignId = undefined;
}

export async function joinCampaign(campaign: CampaignRef): Promise<CampaignJoinResponse | null> {
  if (campaign.status === 'coming-soon') {
    announceComingSoon();
    return null;
  }
  const answer = await api(`/api/campaigns/${campaign.id}/join`, { method: 'POST' });
  toast({ title: CampaignMessages.joinedTitle, description: CampaignMessages.joined, variant: 'success' });
  return answer;
}

export async function leaveCampaign(campaign: CampaignRef): Promise<CampaignJoinResponse> {
  const answer = await api(`/api/campaigns/${campaign.id}/join`, { method: 'DELETE' });
  toast({ title: 'Campaign left', description: `You are no longer a member of ${campaign.name}.` });
  return answer;
}
