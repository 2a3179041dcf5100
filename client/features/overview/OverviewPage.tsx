import { useEffect, useState } from 'react';
import { api } from '../../api/client.js';
import { useSession } from '../session/store.js';
import page from '../dashboard/Page.module.css';
import { CampaignPicker } from './CampaignPicker.js';
import { LeadsPanel } from './LeadsPanel.js';
import { StatCards } from './StatCards.js';
import { TrialBanner } from './TrialBanner.js';
import { UpgradePanel } from './UpgradePanel.js';
import styles from './Overview.module.css';

function useCampaignName(id: string | undefined): string | undefined {
  const [named, setNamed] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    api(`/api/campaigns/${id}`, { signal: controller.signal, quiet: true })
      .then((campaign) => setNamed({ id, name: campaign.name }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [id]);
  return named && named.id === id ? named.name : undefined;
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
          {activeCampaignId ? <LeadsPanel campaignId={activeCampaignId} campaignName={campaignName} /> : <CampaignPicker />}
        </div>
        <UpgradePanel />
      </div>
    </div>
  );
}
