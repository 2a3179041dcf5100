import { BarChart3, Briefcase, Network, Users } from 'lucide-react';
import { Avatar } from '../../../ui/Avatar.js';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs.js';
import type { CampaignsState } from '../campaigns.js';
import { formatDollars } from '../format.js';
import { BonsaiTab } from './BonsaiTab.js';
import { CampaignsTab } from './CampaignsTab.js';
import styles from './DemoWidget.module.css';
import { EarningsTab } from './EarningsTab.js';
import { LeadsTab } from './LeadsTab.js';
import { SAMPLE_AGENT } from './sample.js';

export default function DemoWidget({ campaigns }: { campaigns: CampaignsState }) {
  return (
    <div className={styles.widget} data-testid="demo-widget">
      <header className={styles.header}>
        <div className={styles.agent}>
          <Avatar name={SAMPLE_AGENT.name} seed={SAMPLE_AGENT.avatarSeed} size={48} />
          <div>
            <p className={styles.agentName}>{SAMPLE_AGENT.name}</p>
            <p className={styles.caption}>Commission Warrior</p>
          </div>
        </div>
        <div className={styles.total}>
          <p className={styles.caption}>Total Earnings</p>
          <p className={styles.totalAmount}>{formatDollars(SAMPLE_AGENT.totalEarnings)}</p>
        </div>
      </header>
      <Tabs defaultSelectedKey="leads">
        <TabList aria-label="Dashboard preview">
          <Tab id="leads">
            <Users size={16} aria-hidden="true" /> Leads
          </Tab>
          <Tab id="earnings">
            <BarChart3 size={16} aria-hidden="true" /> Earnings
          </Tab>
          <Tab id="bonsai">
            <Network size={16} aria-hidden="true" /> Bonsai
          </Tab>
          <Tab id="campaigns">
            <Briefcase size={16} aria-hidden="true" /> Campaigns
          </Tab>
        </TabList>
        <TabPanel id="leads">
          <LeadsTab />
        </TabPanel>
        <TabPanel id="earnings">
          <EarningsTab />
        </TabPanel>
        <TabPanel id="bonsai">
          <BonsaiTab />
        </TabPanel>
        <TabPanel id="campaigns">
          <CampaignsTab state={campaigns} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
