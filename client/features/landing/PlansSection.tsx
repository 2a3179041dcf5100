import { Check } from 'lucide-react';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import styles from './Landing.module.css';
import { scrollToWaitlist } from './scroll.js';
import { PLANS } from '../plans/public.js';

export function PlansSection() {
  return (
    <section className={styles.belowFoldSection} aria-labelledby="plans-title">
      <h2 id="plans-title" className={styles.sectionTitle}>
        Plans
      </h2>
      <p className={styles.sectionIntro}>
        Start free for 3 months. All plans include 200 calls per day, 4,000 leads monthly, free training materials, a
        leads CRM and commission tracking.
      </p>
      <ul className={styles.plans}>
        {PLANS.map((plan) => (
          <li key={plan.name} className={[styles.plan, plan.popular ? styles.planPopular : ''].join(' ')}>
            <div className={styles.planHead}>
              <h3>{plan.name}</h3>
              {plan.popular ? <Badge tone="green">Most Popular</Badge> : null}
            </div>
            <p className={styles.price}>
              <span className={styles.priceAmount}>{plan.price}</span>{' '}
              <span className={styles.pricePeriod}>{plan.period}</span>
            </p>
            <ul className={styles.checks}>
              {plan.features.map((feature) => (
                <li key={feature}>
                  <Check size={16} aria-hidden="true" /> {feature}
                </li>
              ))}
            </ul>
            <Button variant={plan.popular ? 'primary' : 'secondary'} fullWidth onPress={scrollToWaitlist}>
              Choose {plan.name}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
