import { useState } from 'react';
import { DisclosureGroup, type Key } from 'react-aria-components';
import { ScriptMessages, type ScriptItem } from '../../../shared/schemas/scripts/list.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { Select } from '../../ui/Select.js';
import page from '../../ui/Page.module.css';
import { ScriptEditor } from './ScriptEditor.js';
import { ScriptItemView } from './ScriptItemView.js';
import { useCampaignOptions } from './useCampaignOptions.js';
import styles from './Resources.module.css';

export default function ScriptsPage() {
  const campaigns = useCampaignOptions();
  const [campaign, setCampaign] = useState<string | null>(null);
  const selected = campaign ?? campaigns[0]?.id ?? null;
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const [editing, setEditing] = useState<ScriptItem | null>(null);

  const { data, loading, failed, retry, setData } = useApiQuery(
    selected ? `/api/scripts?campaign=${encodeURIComponent(selected)}` : null,
    {
      // The first script opens, as an accordion starts.
      onLoad: (list) => setExpanded(new Set(list.items[0] ? [list.items[0].id] : [])),
    },
  );
  const scripts = data?.items ?? [];

  return (
    <section className={page.page} aria-labelledby="scripts-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="scripts-title" className={page.title}>
            Sales Scripts
          </h1>
          <p className={page.subtitle}>Proven call, e-mail and follow-up scripts for each campaign.</p>
        </div>
        <Select
          label="Campaign"
          options={campaigns}
          value={selected}
          onChange={(value) => setCampaign(value)}
          className={styles.select}
          placeholder="Choose a campaign"
        />
      </div>
      {failed ? (
        <LoadFailed title="Scripts could not be loaded." onRetry={retry} />
      ) : !loading && scripts.length === 0 ? (
        <EmptyState title={ScriptMessages.none} />
      ) : (
        <DisclosureGroup
          className={styles.accordion}
          expandedKeys={expanded}
          onExpandedChange={setExpanded}
          aria-busy={loading}
        >
          {scripts.map((script) => (
            <ScriptItemView key={script.id} script={script} onEdit={() => setEditing(script)} />
          ))}
        </DisclosureGroup>
      )}
      {editing ? (
        <ScriptEditor
          script={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setData(
              (list) => list && { ...list, items: list.items.map((item) => (item.id === saved.id ? saved : item)) },
            );
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
