import { useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { LEAD_DISPOSITIONS, type LeadDisposition } from '../../../shared/constants.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Select } from '../../ui/Select.js';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { showLeadList } from '../leads/public.js';
import { LeadTable } from './LeadTable.js';

type LeadListTab = 'all' | 'potentials';
type StatusFilter = 'all' | LeadDisposition;

const SEARCH_DEBOUNCE_MS = 250;
const STATUS_OPTIONS = [
  { id: 'all', label: 'All statuses' },
  ...LEAD_DISPOSITIONS.map((status) => ({ id: status, label: status })),
];

/** The lead lists' tab, status filter and search, and the campaign's list they show (the search debounced). */
export function useLeadListChoice(campaign: { id: string } | undefined) {
  const [tab, setTab] = useState<LeadListTab>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    if (!campaign) return;
    const disposition = tab === 'potentials' ? 'Potential' : status === 'all' ? undefined : status;
    void showLeadList('management', { campaignId: campaign.id, disposition, search: debounced });
  }, [campaign, tab, status, debounced]);

  return { tab, setTab, status, setStatus, search, setSearch };
}

interface LeadListsProps {
  list: ReturnType<typeof useLeadListChoice>;
  campaignName: string;
  hidden: boolean;
  onCall: () => void;
}

/** All leads or the potentials of the chosen campaign, searched and filtered by status. */
export function LeadLists({ list, campaignName, hidden, onCall }: LeadListsProps) {
  return (
    <div className={page.card} hidden={hidden}>
      <Tabs selectedKey={list.tab} onSelectionChange={(key: Key) => list.setTab(key as LeadListTab)}>
        <TabList aria-label="Lead lists">
          <Tab id="all">All Leads</Tab>
          <Tab id="potentials">Potentials</Tab>
        </TabList>
        <div className={styles.toolbar}>
          <SearchInput
            className={styles.grow}
            label="Search leads"
            placeholder="Search by name, email, phone or company"
            value={list.search}
            onChange={list.setSearch}
          />
          {list.tab === 'all' ? (
            <Select
              label="Status"
              options={STATUS_OPTIONS}
              value={list.status}
              onChange={(next) => list.setStatus((next ?? 'all') as StatusFilter)}
            />
          ) : null}
        </div>
        <TabPanel id="all">
          <LeadTable onCall={onCall} campaignName={campaignName} />
        </TabPanel>
        <TabPanel id="potentials">
          <LeadTable onCall={onCall} campaignName={campaignName} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
