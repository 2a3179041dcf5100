import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCampaigns } from '../campaigns/public.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { closeLeadDetail, followLeads, openLeadDetail, useLeads } from '../leads/public.js';
import { useSession } from '../session/public.js';
import { campaignTiles, chooseCampaign as pickCampaign } from './campaign-choice.js';
import { CampaignTiles } from './CampaignTiles.js';
import { LeadLists, useLeadListChoice } from './LeadLists.js';
import { LeadPanel } from './LeadPanel.js';
import { PageActions } from './PageActions.js';
import { ScriptPanel } from './ScriptPanel.js';

// The dialer belongs to the dialer feature; its code is fetched when it is first shown.
const DialerPanel = lazy(() => import('../dialer/public.js').then((module) => ({ default: module.DialerPanel })));

export default function LeadManagementPage() {
  const { user } = useSession();
  const { detail } = useLeads();
  const { items: campaigns, loading } = useCampaigns();
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const [showScript, setShowScript] = useState(false);
  const [showDialer, setShowDialer] = useState(false);

  const requested = query.get('campaign');
  const tiles = useMemo(() => campaignTiles(campaigns, user, requested), [campaigns, user, requested]);
  const choice = pickCampaign(tiles, user, requested, loading);
  const slug = choice.kind === 'chosen' ? choice.slug : undefined;
  const campaign = choice.kind === 'chosen' ? choice.campaign : undefined;
  const campaignName = choice.kind === 'chosen' ? choice.name : '';
  const canImport = Boolean(
    campaign && (user?.role === 'admin' || (user?.role === 'owner' && campaign.ownerId === user.id)),
  );

  useEffect(() => followLeads(), []);
  const list = useLeadListChoice(campaign);
  // `?lead={id}` (a "New lead assigned" notification): that lead opens in the details panel.
  const targetLead = query.get('lead');
  useEffect(() => {
    if (targetLead) void openLeadDetail(targetLead);
  }, [targetLead]);
  useEffect(() => closeLeadDetail, []);

  const chooseCampaign = (next: string) => {
    closeLeadDetail();
    navigate(`/lead-management?campaign=${next}`, { replace: true });
  };

  const side = detail ? (
    <LeadPanel />
  ) : showScript && slug ? (
    <ScriptPanel campaignSlug={slug} campaignName={campaignName} />
  ) : null;
  const aside =
    showDialer || side ? (
      <div className={page.stack}>
        {showDialer ? (
          <Suspense fallback={<p className={page.muted}>Loading...</p>}>
            <DialerPanel />
          </Suspense>
        ) : null}
        {side}
      </div>
    ) : null;

  return (
    <section className={page.page} aria-labelledby="lead-management-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="lead-management-title" className={page.title}>
            Lead Management
          </h1>
          <p className={page.subtitle}>Work your leads by campaign: call, e-mail, set their status and close deals.</p>
        </div>
        <PageActions
          showDialer={showDialer}
          onShowDialer={setShowDialer}
          showScript={showScript}
          onShowScript={(on) => {
            setShowScript(on);
            if (on) closeLeadDetail();
          }}
          campaign={campaign}
          canRequest={user?.role === 'sales'}
          canImport={canImport}
        />
      </div>

      <CampaignTiles slug={slug} tiles={tiles} userId={user?.id} onChange={chooseCampaign} />

      {choice.kind === 'unknown' ? (
        <p className={page.error} role="alert">
          There is no campaign "{choice.slug}". Choose one of the campaigns above.
        </p>
      ) : null}
      {!loading && choice.kind === 'chosen' && !campaign ? (
        <p className={page.muted}>{campaignName} is not open yet.</p>
      ) : null}

      <div className={[styles.layout, aside ? styles.withAside : ''].join(' ')}>
        <LeadLists
          list={list}
          campaignName={campaignName}
          hidden={choice.kind === 'unknown'}
          onCall={() => setShowDialer(true)}
        />
        {aside}
      </div>
    </section>
  );
}
