import { ScriptMessages } from '../../../shared/schemas/scripts/list.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Button } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';

/** The campaign's call script beside the leads (Show Script): GET /api/scripts?campaign=<slug>. */
export function ScriptPanel({ campaignSlug, campaignName }: { campaignSlug: string; campaignName: string }) {
  const { data, failed, retry } = useApiQuery(`/api/scripts?campaign=${encodeURIComponent(campaignSlug)}`, {
    quiet: true,
    keepWhileLoading: false,
  });
  const items = data?.items ?? null;

  return (
    <section
      className={[page.card, styles.panel].join(' ')}
      aria-labelledby="script-panel-title"
      data-testid="script-panel"
    >
      <h2 id="script-panel-title" className={page.cardTitle}>
        Script: {campaignName}
      </h2>
      {failed ? (
        <div className={page.row}>
          <p className={page.error}>The script could not be loaded.</p>
          <Button variant="ghost" size="sm" onPress={retry}>
            Try again
          </Button>
        </div>
      ) : items === null ? (
        <p className={page.muted}>Loading...</p>
      ) : items.length === 0 ? (
        <p className={page.muted}>{ScriptMessages.none}</p>
      ) : (
        items.map((script) => (
          <article key={script.id} className={styles.section}>
            <h3>{script.title}</h3>
            <p className={styles.script}>{script.content}</p>
          </article>
        ))
      )}
    </section>
  );
}
