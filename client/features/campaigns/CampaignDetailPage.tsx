import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Badge } from '../../ui/Badge.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageStatus } from '../../app/PageStatus.js';
import { useSession } from '../session/public.js';
import { formatDate } from '../../ui/format.js';
import { limitedBadge } from './limited.js';
import page from '../../ui/Page.module.css';
import { InboundNumber } from './InboundNumber.js';
import { CampaignActions } from './CampaignActions.js';
import { CommissionStructure } from './CommissionStructure.js';
import { TierBonuses } from './TierBonuses.js';
import { CampaignFormDialog } from './CampaignForm.js';
import styles from './Campaigns.module.css';
import { CampaignFacts } from './CampaignFacts.js';

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

  const soon = campaign.status === 'coming-soon';

  return (
    <article className={page.page} aria-labelledby="campaign-title">
      <Link href="/dashboard/campaigns" className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" /> All campaigns
      </Link>
      <div className={page.pageHead}>
        <div>
          <div className={styles.badges}>
            {soon ? <Badge tone="grey">Coming Soon</Badge> : <Badge tone="green">Active</Badge>}
            {campaign.joined ? <Badge tone="blue">Joined</Badge> : null}
            {limitedBadge(campaign, formatDate) ? (
              <Badge tone="yellow">{limitedBadge(campaign, formatDate)}</Badge>
            ) : null}
            {campaign.isProfitShare ? <Badge tone="accent">Profit Share</Badge> : null}
          </div>
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
          <section className={page.card} aria-labelledby="about-title">
            <h2 id="about-title" className={page.cardTitle}>
              About this campaign
            </h2>
            <p className={styles.prewrap}>{campaign.description}</p>
            {campaign.campaignTypes.length ? (
              <ul className={styles.tags} aria-label="Campaign types">
                {campaign.campaignTypes.map((type) => (
                  <li key={type}>{type}</li>
                ))}
              </ul>
            ) : null}
          </section>
          <CommissionStructure campaign={campaign} />
        </div>
        <div className={page.stack}>
          <section className={page.card} aria-labelledby="payout-title">
            <h2 id="payout-title" className={page.cardTitle}>
              Payout
            </h2>
            <CampaignFacts
              campaign={campaign}
              facts={['payoutRange', 'roleNeeded', 'leadSource', 'agents', 'holdWindow']}
              className={styles.facts}
            />
            {campaign.payoutDetails ? <p className={styles.prewrap}>{campaign.payoutDetails}</p> : null}
          </section>
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
