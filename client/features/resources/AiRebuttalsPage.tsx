import { Sparkles } from 'lucide-react';
import page from '../../ui/Page.module.css';
import { RebuttalsWaitlist } from './RebuttalsWaitlist.js';
import { TeamRebuttals } from './TeamRebuttals.js';
import styles from './Resources.module.css';

/** The AI Rebuttals page: what is coming, the team's own library of rebuttals meanwhile, and the waitlist. */
export default function AiRebuttalsPage() {
  return (
    <section className={page.page} aria-labelledby="rebuttals-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="rebuttals-title" className={page.title}>
            AI Rebuttals
          </h1>
          <p className={page.subtitle}>Instant, proven answers to the objections you hear on every call.</p>
        </div>
      </div>
      <div className={styles.banner}>
        <Sparkles size={32} aria-hidden="true" />
        <div>
          <h2>Coming Soon</h2>
          <p>AI-generated rebuttals tailored to your campaign, your lead and the objection you just heard.</p>
        </div>
      </div>
      <section className={page.card} aria-labelledby="expect-title">
        <h2 id="expect-title" className={page.cardTitle}>
          What to Expect
        </h2>
        <ul className={styles.expect}>
          <li>Rebuttals generated for the exact objection, campaign and lead type.</li>
          <li>Effectiveness scores learned from real call outcomes.</li>
          <li>Search and filters by campaign and objection category.</li>
          <li>Early-access members get 100 free AI-generated rebuttals.</li>
        </ul>
      </section>
      <TeamRebuttals />
      <RebuttalsWaitlist />
    </section>
  );
}
