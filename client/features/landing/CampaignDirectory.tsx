import { Button } from '../../ui/Button.js';
import { CampaignCard } from './CampaignCard.js';
import type { CampaignsState } from './campaigns.js';
import styles from './CampaignDirectory.module.css';
import landing from './Landing.module.css';
import { CAMPAIGNS_SECTION_ID } from './scroll.js';

export function CampaignDirectory({ state, retry }: { state: CampaignsState; retry: () => void }) {
  return (
    <section
      id={CAMPAIGNS_SECTION_ID}
      className={landing.belowFoldSection}
      aria-labelledby="campaigns-title"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="campaigns-title" className={landing.sectionTitle}>
        Campaign Directory
      </h2>
      <p className={landing.sectionIntro}>Live campaigns you can join today, and the ones opening soon.</p>
      {state.status === 'loading' ? (
        <p role="status">Loading campaigns...</p>
      ) : state.status === 'failed' ? (
        <div className={styles.problem} role="alert">
          <p>Campaigns could not be loaded: {state.message}</p>
          <Button variant="secondary" size="sm" onPress={retry}>
            Try again
          </Button>
        </div>
      ) : state.campaigns.length === 0 ? (
        <p>No campaigns found</p>
      ) : (
        <ul className={styles.grid}>
          {state.campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </section>
  );
}
