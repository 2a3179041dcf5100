import { useApiQuery } from '../../api/useApiQuery.js';
import { useSession } from '../session/public.js';
import page from '../../ui/Page.module.css';
import { CampaignPicker } from './CampaignPicker.js';
import { LeadsPanel } from './LeadsPanel.js';
import { StatCards } from './StatCards.js';
import { TrialBanner } from './TrialBanner.js';
import { UpgradePanel } from './UpgradePanel.js';
import styles from './Overview.module.css';

function useCampaignName(id: string | undefined): string | undefined {
  const { data } = useApiQuery(id ? `/api/campaigns/${id}` : null, { quiet: true });
  return data?.id === id ? data?.name : undefined;
}

export default function OverviewPage() {
  const { user } = useSession();
  const activeCampaignId = user?.activeCampaignId;
  const campaignName = useCampaignName(activeCampaignId);
  if (!user) return null;

  return (
    <div className={page.page}>
      <TrialBanner user={user} />
      <div>
        <h1 className={page.title}>Welcome back, {user.name}!</h1>
        <p className={page.subtitle}>Here is how your campaigns, leads and Bonsai are doing.</p>
      </div>
      <StatCards />
      <div className={styles.columns}>
        <div className={styles.mainColumn}>
          {activeCampaignId ? (
            <LeadsPanel campaignId={activeCampaignId} campaignName={campaignName} />
          ) : (
            <CampaignPicker />
          )}
        </div>
        <UpgradePanel />
      </div>
    </div>
  );
}
