import { useEffect } from 'react';
import type { BonsaiResponse } from '../../../shared/schemas/bonsai/get.js';
import type { PayoutsResponse } from '../../../shared/schemas/commissions/ledger.js';
import { PageStatus } from '../../app/PageStatus.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { useCampaigns } from '../campaigns/public.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { StatCard } from '../../ui/StatCard.js';
import { useSession } from '../session/public.js';
import { CoachingAuditCard, CoachPanel } from '../coaching/public.js';
import { BonsaiTabs } from './BonsaiTabs.js';
import { CampaignChips } from './CampaignChips.js';
import { EarningsSummary } from './EarningsSummary.js';
import { followTeam, showCampaign, useBonsai } from './store.js';
import { TeamActivityPanel } from './TeamActivityPanel.js';
import { useBonsaiChoice } from './useBonsaiChoice.js';
import styles from './Bonsai.module.css';

/** My Bonsai: a campaign's referral tree and payouts, the team's figures, coaching, earnings and team activity. */
export default function BonsaiPage() {
  const { user } = useSession();
  const campaigns = useCampaigns();
  const { campaignId, tab, chooseCampaign, chooseTab } = useBonsaiChoice(campaigns, user?.activeCampaignId);
  const state = useBonsai();
  const campaign = campaigns.items.find((item) => item.id === campaignId);

  useEffect(() => followTeam(), []);
  useEffect(() => {
    if (campaignId) showCampaign(campaignId);
  }, [campaignId]);

  if (campaigns.loading && !campaigns.items.length) return <PageStatus />;

  // Snapshots are frozen views of the store; the components below only read them.
  const data = state.campaignId === campaignId ? (state.bonsai as BonsaiResponse | null) : null;
  const payouts = state.campaignId === campaignId ? (state.payouts as PayoutsResponse | null) : null;

  return (
    <div className={page.page}>
      <div>
        <h1 className={page.title}>My Bonsai</h1>
        <p className={page.subtitle}>Your referral tree, the overrides it earns you, and your payouts.</p>
      </div>
      <section aria-labelledby="bonsai-campaigns-title">
        <h2 id="bonsai-campaigns-title" className="visually-hidden">
          Campaigns
        </h2>
        {campaigns.items.length === 0 ? (
          <EmptyState title="No Campaigns Found" />
        ) : (
          <CampaignChips campaigns={campaigns.items} campaignId={campaignId} onChoose={chooseCampaign} />
        )}
      </section>
      {campaignId ? (
        <>
          {data ? <TeamFigures stats={data.stats} /> : null}
          <div className={styles.columns}>
            <BonsaiTabs
              tab={tab}
              onTab={chooseTab}
              data={data}
              payouts={payouts}
              bonsaiFailed={state.bonsaiStatus === 'failed'}
              payoutsFailed={state.payoutsStatus === 'failed'}
              campaign={campaign}
              viewerSeed={user?.avatarSeed}
            />
            <div className={page.stack}>
              <CoachPanel />
              <EarningsSummary />
              <TeamActivityPanel />
            </div>
          </div>
        </>
      ) : (
        <CoachPanel />
      )}
      {user?.role === 'owner' || user?.role === 'admin' ? <CoachingAuditCard /> : null}
    </div>
  );
}

function TeamFigures({ stats }: { stats: BonsaiResponse['stats'] }) {
  return (
    <section className={page.stats} aria-label="Team figures">
      <StatCard label="Active members" value={stats.activeMembers} />
      <StatCard label="Team revenue" value={formatCents(stats.totalRevenue)} />
      <StatCard label="Avg commission" value={formatCents(stats.avgCommission)} />
      <StatCard label="Your overrides" value={formatCents(stats.overrideEarnings)} />
    </section>
  );
}
