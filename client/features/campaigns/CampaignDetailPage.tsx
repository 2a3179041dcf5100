import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageStatus } from '../../app/PageStatus.js';
import { useSession } from '../session/public.js';
import page from '../../ui/Page.module.css';
import { InboundNumber } from './InboundNumber.js';
import { CampaignActions } from './CampaignActions.js';
import { CommissionStructure } from './CommissionStructure.js';
import { TierBonuses } from './TierBonuses.js';
import { CampaignFormDialog } from './CampaignForm.js';
import styles from './Campaigns.module.css';
import { AboutCampaign, CampaignPayout } from './CampaignDetailCards.js';
import { CampaignBadges } from './CampaignLabels.js';

/** A campaign's page: badges and actions, about, commission structure, payout, tier bonuses; its owner edits it here. */
export default function CampaignDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useSession();
  const {
    data: campaign,
    error,
    failed,
    setData,
  } = useApiQuery(`/api/campaigns/${encodeURIComponent(id)}`, { quiet: true, keepWhileLoading: false });
  const [editing, setEditing] = useState(false);

  if (failed) {
    return (
      <div className={page.page}>
        <Link href="/dashboard/campaigns" className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" /> All campaigns
        </Link>
        <EmptyState title={error instanceof ApiError ? error.message : 'The campaign could not be loaded.'} />
      </div>
    );
  }

  if (!campaign) return <PageStatus />;

  return (
    <article className={page.page} aria-labelledby="campaign-title">
      <Link href="/dashboard/campaigns" className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" /> All campaigns
      </Link>
      <div className={page.pageHead}>
        <div>
          <CampaignBadges campaign={campaign} />
          <h1 id="campaign-title" className={page.title}>
            {campaign.name}
          </h1>
        </div>
        <CampaignActions
          campaign={campaign}
          active={user?.activeCampaignId === campaign.id}
          onEdit={() => setEditing(true)}
          onChange={(change) => setData({ ...campaign, ...change })}
        />
      </div>
      <div className={styles.detailColumns}>
        <div className={page.stack}>
          <AboutCampaign campaign={campaign} />
          <CommissionStructure campaign={campaign} />
        </div>
        <div className={page.stack}>
          <CampaignPayout campaign={campaign} />
          <TierBonuses tiers={campaign.tiers} />
          {campaign.canEdit ? <InboundNumber campaignId={campaign.id} /> : null}
        </div>
      </div>
      {campaign.canEdit ? (
        <CampaignFormDialog
          campaign={campaign}
          isOpen={editing}
          onOpenChange={setEditing}
          onSaved={(saved) => {
            setEditing(false);
            setData(saved);
          }}
        />
      ) : null}
    </article>
  );
}
