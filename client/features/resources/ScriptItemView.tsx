import { ChevronDown, Copy, Pencil } from 'lucide-react';
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { ScriptMessages, type ScriptItem } from '../../../shared/schemas/scripts/list.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { copyText } from '../../ui/clipboard.js';
import styles from './Resources.module.css';

const TYPE_LABELS: Record<ScriptItem['type'], string> = { call: 'Call', email: 'Email', 'follow-up': 'Follow-up' };

/** One script of the accordion: its title and type, and when open its text with Copy and, for its editors, Edit. */
export function ScriptItemView({ script, onEdit }: { script: ScriptItem; onEdit: () => void }) {
  return (
    <Disclosure id={script.id} className={styles.accordionItem}>
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
                <Button variant="ghost" size="sm" onPress={onEdit}>
                  <Pencil size={16} aria-hidden="true" /> Edit
                </Button>
              ) : null}
            </div>
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
