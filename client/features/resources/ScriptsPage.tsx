import { ChevronDown, Copy, Pencil } from 'lucide-react';
import { useState } from 'react';
import {
  Button as AriaButton,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  type Key,
} from 'react-aria-components';
import { ScriptMessages, type ScriptItem } from '../../../shared/schemas/scripts/list.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { Select } from '../../ui/Select.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { copyText } from '../../ui/clipboard.js';
import { ScriptEditor } from './ScriptEditor.js';
import { useCampaignOptions } from './useCampaignOptions.js';
import styles from './Resources.module.css';

const TYPE_LABELS: Record<ScriptItem['type'], string> = { call: 'Call', email: 'Email', 'follow-up': 'Follow-up' };

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
            <Disclosure key={script.id} id={script.id} className={styles.accordionItem}>
              {({ isExpanded }) => (
                <>
                  <Heading level={2} className={styles.accordionHeading}>
                    <AriaButton slot="trigger" className={styles.accordionTrigger}>
                      <span>{script.title}</span>
                      <span className={page.row}>
                        <Badge tone="blue">{TYPE_LABELS[script.type]}</Badge>
                        <ChevronDown
                          size={18}
                          aria-hidden="true"
                          style={{ transform: isExpanded ? 'rotate(180deg)' : undefined }}
                        />
                      </span>
                    </AriaButton>
                  </Heading>
                  <DisclosurePanel className={styles.accordionBody}>
                    <p className={[page.muted, page.small].join(' ')} style={{ margin: 0 }}>
                      {script.category} · Last updated {formatDate(script.lastUpdated)}
                    </p>
                    <pre className={styles.scriptText}>{script.content}</pre>
                    <div className={page.row}>
                      <Button
                        variant="secondary"
                        size="sm"
                        onPress={() => void copyText(script.content, ScriptMessages.copied)}
                      >
                        <Copy size={16} aria-hidden="true" /> Copy
                      </Button>
                      {script.editable ? (
                        <Button variant="ghost" size="sm" onPress={() => setEditing(script)}>
                          <Pencil size={16} aria-hidden="true" /> Edit
                        </Button>
                      ) : null}
                    </div>
                  </DisclosurePanel>
                </>
              )}
            </Disclosure>
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
