import type { Key } from 'react-aria-components';
import type { BonsaiResponse } from '../../../shared/schemas/bonsai/get.js';
import type { CommissionStructureInput } from '../../../shared/schemas/campaigns/structure.js';
import type { PayoutsResponse } from '../../../shared/schemas/commissions/ledger.js';
import { PageStatus } from '../../app/PageStatus.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import page from '../../ui/Page.module.css';
import { BonsaiTree } from './BonsaiTree.js';
import { HowBonsaiWorks } from './HowBonsaiWorks.js';
import { InviteCard } from './InviteCard.js';
import { PayoutsHistory } from './PayoutsHistory.js';
import { TeamMembers } from './TeamMembers.js';
import styles from './Bonsai.module.css';

interface BonsaiTabsProps {
  tab: Key;
  onTab: (tab: Key) => void;
  /** The chosen campaign's tree and payouts once read (null while loading or failed). */
  data: BonsaiResponse | null;
  payouts: PayoutsResponse | null;
  bonsaiFailed: boolean;
  payoutsFailed: boolean;
  campaign?: { name: string; commissionStructure?: CommissionStructureInput };
  viewerSeed?: string;
}

/** The campaign's Bonsai Structure (tree, members, invite, how it works) and Payouts History tabs. */
export function BonsaiTabs({
  tab,
  onTab,
  data,
  payouts,
  bonsaiFailed,
  payoutsFailed,
  campaign,
  viewerSeed,
}: BonsaiTabsProps) {
  return (
    <Tabs selectedKey={tab} onSelectionChange={onTab} className={styles.mainColumn}>
      <TabList aria-label="Bonsai views">
        <Tab id="structure">Bonsai Structure</Tab>
        <Tab id="payouts">Payouts History</Tab>
      </TabList>
      <TabPanel id="structure" className={page.stack}>
        {data ? (
          <>
            <section className={page.card} aria-labelledby="tree-title">
              <h2 id="tree-title" className={page.cardTitle}>
                {campaign ? `${campaign.name} Bonsai` : 'Your Bonsai'}
              </h2>
              <BonsaiTree data={data} viewerSeed={viewerSeed} />
            </section>
            <TeamMembers members={data.members} />
            <InviteCard referralLink={data.referralLink} />
          </>
        ) : bonsaiFailed ? (
          <EmptyState title="Your Bonsai could not be loaded." />
        ) : (
          <PageStatus />
        )}
        <HowBonsaiWorks structure={campaign?.commissionStructure} />
      </TabPanel>
      <TabPanel id="payouts">
        {payouts ? (
          <PayoutsHistory payouts={payouts} />
        ) : payoutsFailed ? (
          <EmptyState title="Your payouts could not be loaded." />
        ) : (
          <PageStatus />
        )}
      </TabPanel>
    </Tabs>
  );
}
