import { ChevronDown, Copy, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button as AriaButton, Disclosure, DisclosureGroup, DisclosurePanel, Heading, type Key } from 'react-aria-components';
import { ScriptMessages, type ScriptItem, type ScriptList } from '../../../shared/schemas/scripts/list.js';
import { api } from '../../api/client.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Select } from '../../ui/Select.js';
import { formatDate } from '../dashboard/format.js';
import page from '../dashboard/Page.module.css';
import { copyText } from './clipboard.js';
import { ScriptEditor } from './ScriptEditor.js';
import { useCampaignOptions } from './useCampaignOptions.js';
import styles from './Resources.module.css';

const TYPE_LABELS: Record<ScriptItem['type'], string> = { call: 'Call', email: 'Email', 'follow-up': 'Follow-up' };

export default function ScriptsPage() {
  const campaigns = useCampaignOptions();
  const [campaign, setCampaign] = useState<string | null>(null);
  const selected = campaign ?? campaigns[0]?.id ?? null;
  const [scripts, setScripts] = useState<ScriptItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const [editing, setEditing] = useState<ScriptItem | null>(null);

  useEffect(() => {
    if (!selected) return;
    const controller = new AbortController();
    setLoading(true);
    api<ScriptList>(`/api/scripts?campaign=${encodeURIComponent(selected)}`, { signal: controller.signal })
      .then((list) => {
        setScripts(list.items);
        // The first script opens, as an accordion starts.
        setExpanded(new Set(list.items[0] ? [list.items[0].id] : []));
        setFailed(false);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [selected, attempt]);

  return (
    <section className={page.page} aria-labelledby="scripts-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="scripts-title" className={page.title}>
            Sales Scripts
          </h1>
          <p className={page.subtitle}>Proven call, e-mail and follow-up scripts for each campaign.</p>
        </div>
        <Select label="Campaign" options={campaigns} value={selected} onChange={(value) => setCampaign(value)} className={styles.select} placeholder="Choose a campaign" />
      </div>
      {failed ? (
        <EmptyState title="Scripts could not be loaded.">
          <Button variant="ghost" size="sm" onPress={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </EmptyState>
      ) : !loading && scripts.length === 0 ? (
        <EmptyState title={ScriptMessages.none} />
      ) : (
        <DisclosureGroup className={styles.accordion} expandedKeys={expanded} onExpandedChange={setExpanded} aria-busy={loading}>
          {scripts.map((script) => (
            <Disclosure key={script.id} id={script.id} className={styles.accordionItem}>
              {({ isExpanded }) => (
                <>
                  <Heading level={2} className={styles.accordionHeading}>
                    <AriaButton slot="trigger" className={styles.accordionTrigger}>
                      <span>{script.title}</span>
                      <span className={page.row}>
                        <Badge tone="blue">{TYPE_LABELS[script.type]}</Badge>
                        <ChevronDown size={18} aria-hidden="true" style={{ transform: isExpanded ? 'rotate(180deg)' : undefined }} />
                      </span>
                    </AriaButton>
                  </Heading>
                  <DisclosurePanel className={styles.accordionBody}>
                    <p className={[page.muted, page.small].join(' ')} style={{ margin: 0 }}>
                      {script.category} · Last updated {formatDate(script.lastUpdated)}
                    </p>
                    <pre className={styles.scriptText}>{script.content}</pre>
                    <div className={page.row}>
                      <Button variant="secondary" size="sm" onPress={() => void copyText(script.content, ScriptMessages.copied)}>
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
            setScripts((current) => current.map((item) => (item.id === saved.id ? saved : item)));
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
