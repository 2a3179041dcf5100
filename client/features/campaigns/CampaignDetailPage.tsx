import { ArrowLeft, Network, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import { ApiError } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Badge } from '../../ui/Badge.js';
import { Button, LinkButton } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageStatus } from '../../app/PageStatus.js';
import { useSession } from '../session/public.js';
import { formatDate } from '../../ui/format.js';
import { limitedBadge } from './limited.js';
import page from '../../ui/Page.module.css';
import { joinCampaign, leaveCampaign, selectCampaign } from './actions.js';
import { CampaignFormDialog } from './CampaignForm.js';
import styles from './Campaigns.module.css';
import { CampaignFacts } from './CampaignFacts.js';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

export default function CampaignDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useSession();
  const {
    data: campaign,
    error,
    failed,
    setData,
  } = useApiQuery(`/api/campaigns/${encodeURIComponent(id)}`, { quiet: true, keepWhileLoading: false });
  const [busy, setBusy] = useState(false);
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
  const structure = campaign.commissionStructure;
  const active = user?.activeCampaignId === campaign.id;
  const update = (change: Partial<CampaignDetail>) => setData({ ...campaign, ...change });
  const run = (task: () => Promise<unknown>) => {
    setBusy(true);
    task()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

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
        <div className={page.row}>
          {campaign.canEdit ? (
            <Button variant="secondary" onPress={() => setEditing(true)}>
              <Pencil size={16} aria-hidden="true" /> Edit
            </Button>
          ) : null}
          <LinkButton variant="secondary" href={`/dashboard/bonsai?campaign=${campaign.slug}`}>
            <Network size={16} aria-hidden="true" /> Bonsai
          </LinkButton>
          {campaign.joined ? (
            <>
              {!active && !soon ? (
                <Button variant="secondary" isDisabled={busy} onPress={() => run(() => selectCampaign(campaign))}>
                  Work this campaign
                </Button>
              ) : null}
              <Button
                variant="ghost"
                isDisabled={busy}
                onPress={() =>
                  run(() =>
                    leaveCampaign(campaign).then((answer) =>
                      update({ joined: answer.joined, agentCount: answer.agentCount }),
                    ),
                  )
                }
              >
                Leave Campaign
              </Button>
            </>
          ) : (
            <Button
              isDisabled={busy}
              onPress={() =>
                run(() =>
                  joinCampaign(campaign).then((answer) => {
                    if (answer) update({ joined: answer.joined, agentCount: answer.agentCount });
                  }),
                )
              }
            >
              Join Campaign
            </Button>
          )}
        </div>
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
          <section className={page.card} aria-labelledby="structure-title">
            <h2 id="structure-title" className={page.cardTitle}>
              Commission structure
            </h2>
            <div className={page.tableWrap} tabIndex={0} role="region" aria-label="Commission structure table">
              <table className={page.table}>
                <caption className="visually-hidden">Commission percentages of {campaign.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Who earns</th>
                    <th scope="col">Of what</th>
                    <th scope="col" className={page.num}>
                      Percent
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">Opener</th>
                    <td>the deal value</td>
                    <td className={page.num}>{structure.opener}%</td>
                  </tr>
                  <tr>
                    <th scope="row">Closer</th>
                    <td>the deal value</td>
                    <td className={page.num}>{structure.closer}%</td>
                  </tr>
                  <tr>
                    <th scope="row">Full stack (opened and closed)</th>
                    <td>the deal value</td>
                    <td className={page.num}>{structure.fullStack}%</td>
                  </tr>
                  <tr>
                    <th scope="row">Upline, level 1</th>
                    <td>the agent's commission</td>
                    <td className={page.num}>{structure.override.level1}%</td>
                  </tr>
                  <tr>
                    <th scope="row">Upline, level 2</th>
                    <td>the agent's commission</td>
                    <td className={page.num}>{structure.override.level2}%</td>
                  </tr>
                  <tr>
                    <th scope="row">Upline, level 3</th>
                    <td>the agent's commission</td>
                    <td className={page.num}>{structure.override.level3}%</td>
                  </tr>
                </tbody>
              </table>
            </div>
          </section>
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
          <section className={page.card} aria-labelledby="tiers-title">
            <h2 id="tiers-title" className={page.cardTitle}>
              Tiers
            </h2>
            {campaign.tiers.length ? (
              <table className={page.table}>
                <thead>
                  <tr>
                    <th scope="col">Target</th>
                    <th scope="col" className={page.num}>
                      Bonus
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {campaign.tiers.map((tier) => (
                    <tr key={tier.target}>
                      <td>{tier.target}</td>
                      <td className={page.num}>{dollars.format(tier.payout)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={page.muted}>This campaign has no tier bonuses.</p>
            )}
          </section>
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
