import { Gift } from 'lucide-react';
import styles from './Landing.module.css';
import { WAITLIST_SECTION_ID } from './scroll.js';
import { WaitlistForm } from './WaitlistForm.js';

export function WaitlistSection() {
  return (
    <section id={WAITLIST_SECTION_ID} className={styles.section} aria-labelledby="waitlist-title">
      <div className={styles.card}>
        <h2 id="waitlist-title">Join the Waitlist &amp; Get Demo Access</h2>
        <p className={styles.lead}>
          Tell us how to reach you and which campaigns interest you. We will confirm by e-mail and open your demo
          access.
        </p>
        <p className={styles.callout}>
          <Gift size={18} aria-hidden="true" /> Early access: the first 50 sign-ups get a 5% override on their first 5
          recruits plus beta access.
        </p>
        <WaitlistForm />
      </div>
    </section>
  );
}
