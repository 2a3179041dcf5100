import { useEffect, useState } from 'react';
import { ScriptMessages, type ScriptItem } from '../../../shared/schemas/scripts/list.js';
import { api } from '../../api/client.js';
import { Button } from '../../ui/Button.js';
import page from '../dashboard/Page.module.css';
import styles from '../leads/Leads.module.css';

/** The campaign's call script beside the leads (Show Script): GET /api/scripts?campaign=<slug>. */
export function ScriptPanel({ campaignSlug, campaignName }: { campaignSlug: string; campaignName: string }) {
  const [state, setState] = useState<{ slug: string; items: ScriptItem[] | null; failed: boolean }>({ slug: campaignSlug, items: null, failed: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api(`/api/scripts?campaign=${encodeURIComponent(campaignSlug)}`, { signal: controller.signal, quiet: true })
      .then((list) => setState({ slug: campaignSlug, items: list.items, failed: false }))
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setState({ slug: campaignSlug, items: null, failed: true });
      });
    return () => controller.abort();
  }, [campaignSlug, attempt]);

  const current = state.slug === campaignSlug ? state : { items: null, failed: false };

  return (
    <section className={[page.card, styles.panel].join(' ')} aria-labelledby="script-panel-title" data-testid="script-panel">
      <h2 id="script-panel-title" className={page.cardTitle}>
        Script: {campaignName}
      </h2>
      {current.failed ? (
        <div className={page.row}>
          <p className={page.error}>The script could not be loaded.</p>
          <Button variant="ghost" size="sm" onPress={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : current.items === null ? (
        <p className={page.muted}>Loading...</p>
      ) : current.items.length === 0 ? (
        <p className={page.muted}>{ScriptMessages.none}</p>
      ) : (
        current.items.map((script) => (
          <article key={script.id} className={styles.section}>
            <h3>{script.title}</h3>
            <p className={styles.script}>{script.content}</p>
          </article>
        ))
      )}
    </section>
  );
}
