import { ArrowRight, LogIn } from 'lucide-react';
import { Button, LinkButton } from '../../ui/Button.js';
import { DollarRain } from './DollarRain.js';
import styles from './Landing.module.css';
import { scrollToWaitlist } from './scroll.js';

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <DollarRain />
      <div className={styles.heroInner}>
        <p className={styles.eyebrow}>Commission-only. Leads supplied. Paid on every deal.</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          Become a Commission Warrior
        </h1>
        <p className={styles.heroText}>
          Join live campaigns as an opener or closer, work the leads we supply, track every call and commission in one
          dashboard, and earn an override on the agents you recruit.
        </p>
        <div className={styles.heroActions}>
          <Button size="lg" onPress={scrollToWaitlist}>
            Join the Waitlist <ArrowRight size={18} aria-hidden="true" />
          </Button>
          <LinkButton href="/login" size="lg" variant="secondary">
            <LogIn size={18} aria-hidden="true" /> Login to Dashboard
          </LinkButton>
        </div>
        <p className={styles.heroNote}>
          Start free for 3 months. All plans include 200 calls per day, 4,000 leads monthly, free training materials, a
          leads CRM and commission tracking.
        </p>
      </div>
    </section>
  );
}
