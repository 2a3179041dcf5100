import { Sparkles } from 'lucide-react';
import { LinkButton } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import styles from './Overview.module.css';

const STEPS = [
  { title: 'Pick a plan', text: 'Pro Agent for $50 a month or Matrix Escape one-time.' },
  { title: 'Unlock better campaigns', text: 'Medium-tier and hidden high-ticket campaigns with bigger payouts.' },
  { title: 'Get ahead', text: 'Priority lead distribution, strategy sessions and coaching.' },
];

export function UpgradePanel() {
  return (
    <aside className={page.card} aria-labelledby="upgrade-title">
      <h2 id="upgrade-title" className={page.cardTitle}>
        <Sparkles size={18} aria-hidden="true" /> Upgrade Your Experience
      </h2>
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span className={page.muted}>{step.text}</span>
          </li>
        ))}
      </ol>
      <LinkButton href="/dashboard/plans" fullWidth>
        View Subscription Options
      </LinkButton>
    </aside>
  );
}
