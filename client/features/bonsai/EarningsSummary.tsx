import { useBonsai } from './store.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Bonsai.module.css';

/** The viewer's earnings in the chosen campaign, and what the open pipeline should bring. */
export function EarningsSummary() {
  const { earnings, bonsai } = useBonsai();
  const cells: [string, string][] = earnings
    ? [
        ['Today', formatCents(earnings.daily)],
        ['This week', formatCents(earnings.weekly)],
        ['This month', formatCents(earnings.monthly)],
        ['Total', formatCents(earnings.total)],
        ['Overrides from your team', formatCents(bonsai?.stats.overrideEarnings ?? 0)],
      ]
    : [];
  return (
    <section className={page.card} aria-labelledby="earnings-title" aria-busy={!earnings} data-testid="bonsai-earnings">
      <h2 id="earnings-title" className={page.cardTitle}>
        Your earnings in this campaign
      </h2>
      {earnings ? (
        <>
          <dl className={styles.earnings}>
            {cells.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className={[page.small, page.muted].join(' ')}>
            Projected from {earnings.projected.openLeads} open leads: {formatCents(earnings.projected.own)} yours,{' '}
            {formatCents(earnings.projected.overrides)} in overrides.
          </p>
        </>
      ) : (
        <p className={page.muted}>Loading...</p>
      )}
    </section>
  );
}
