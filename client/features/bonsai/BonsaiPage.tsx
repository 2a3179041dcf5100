import { useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useSearch } from 'wouter';
import type { BonsaiResponse } from '../../../shared/schemas/bonsai/get.js';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
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
import styles from './Bonsai.module.css';

/**
 * `?campaign=` preselects that campaign only if it is active; otherwise the first active one (spec 2). Without
 * the parameter the campaign the user works on the overview comes first.
 */
function initialCampaign(
  campaigns: readonly CampaignSummary[],
  wanted: string | null,
  working: string | undefined,
): string | null {
  const active = campaigns.filter((campaign) => campaign.status === 'active');
  const find = (key: string | null | undefined) =>
    key ? active.find((campaign) => campaign.id === key || campaign.slug === key) : undefined;
  return (wanted ? find(wanted) : find(working))?.id ?? active[0]?.id ?? null;
}

export default function BonsaiPage() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const wanted = params.get('campaign');
  // `?tab=payouts` (the payout and clawback notifications link there) opens that tab; a choice made on the page holds
  // until the address changes again.
  const linkedTab: Key = params.get('tab') === 'payouts' ? 'payouts' : 'structure';
  const { user } = useSession();
  const campaigns = useCampaigns();
  const [chosen, setChosen] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ search: string; tab: Key } | null>(null);
  const tab = picked?.search === search ? picked.tab : linkedTab;
  const state = useBonsai();

  const campaignId =
    chosen ?? (campaigns.loading ? null : initialCampaign(campaigns.items, wanted, user?.activeCampaignId));
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
          <CampaignChips
            campaigns={campaigns.items}
            campaignId={campaignId}
            onChoose={(id) => {
              setChosen(id);
              setPicked({ search, tab: 'structure' });
            }}
          />
        )}
      </section>
      {campaignId ? (
        <>
          {data ? <TeamFigures stats={data.stats} /> : null}
          <div className={styles.columns}>
            <BonsaiTabs
              tab={tab}
              onTab={(key) => setPicked({ search, tab: key })}
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
