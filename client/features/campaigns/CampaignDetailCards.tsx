import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import page from '../../ui/Page.module.css';
import { CampaignFacts } from './CampaignFacts.js';
import { CampaignTypeTags } from './CampaignLabels.js';
import styles from './Campaigns.module.css';

/** The campaign page's "About this campaign": its description and types. */
export function AboutCampaign({ campaign }: { campaign: CampaignDetail }) {
  return (
    <section className={page.card} aria-labelledby="about-title">
      <h2 id="about-title" className={page.cardTitle}>
        About this campaign
      </h2>
      <p className={styles.prewrap}>{campaign.description}</p>
      <CampaignTypeTags types={campaign.campaignTypes} />
    </section>
  );
}

/** The campaign page's "Payout": payout range, role, lead source, agents, hold window and the owner's payout details. */
export function CampaignPayout({ campaign }: { campaign: CampaignDetail }) {
  return (
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
  );
}
