import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { useLocation, useParams } from 'wouter';
import { PERK_TABS, PerkMessages } from '../../../shared/schemas/perks/list.js';
import { pathWithQuery, useApiQuery } from '../../api/useApiQuery.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import page from '../../ui/Page.module.css';
import { PerkCard } from './PerkCard.js';
import styles from './Perks.module.css';

const TABS = [
  { id: 'all', label: 'All Perks' },
  { id: 'shopping', label: 'Shopping' },
  { id: 'travel', label: 'Travel' },
  { id: 'transport', label: 'Transport' },
  { id: 'partnerships', label: 'Partnerships' },
] as const;

const SEARCH_DEBOUNCE_MS = 200;

export default function PerksPage() {
  const { category } = useParams<{ category?: string }>();
  const [, navigate] = useLocation();
  // Any other value shows all (spec 2).
  const tab = category && category in PERK_TABS ? category : 'all';
  const [q, setQ] = useState('');
  const { data, loading, failed, retry } = useApiQuery(
    pathWithQuery('/api/perks', { category: tab === 'all' ? undefined : tab, q: q.trim() }),
    {
      debounceMs: q ? SEARCH_DEBOUNCE_MS : 0,
    },
  );
  const perks = data?.items ?? [];

  const list = failed ? (
    <LoadFailed title="Perks could not be loaded." onRetry={retry} />
  ) : !loading && perks.length === 0 ? (
    <EmptyState title={PerkMessages.empty} />
  ) : (
    <ul className={[page.grid, styles.plain].join(' ')} aria-busy={loading} aria-label="Perks">
      {perks.map((perk) => (
        <PerkCard key={perk.id} perk={perk} />
      ))}
    </ul>
  );

  return (
    <section className={page.page} aria-labelledby="perks-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="perks-title" className={page.title}>
            Egypt Perks
          </h1>
          <p className={page.subtitle}>Discounts, trips and partner offers for Commission Warriors in Egypt.</p>
        </div>
        <SearchInput
          label="Search perks"
          hideLabel
          placeholder="Search perks..."
          value={q}
          onChange={setQ}
          className={styles.search}
        />
      </div>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key: Key) =>
          navigate(key === 'all' ? '/dashboard/perks' : `/dashboard/perks/${String(key)}`)
        }
      >
        <TabList aria-label="Perk categories">
          {TABS.map((item) => (
            <Tab key={item.id} id={item.id}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((item) => (
          <TabPanel key={item.id} id={item.id}>
            {list}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
