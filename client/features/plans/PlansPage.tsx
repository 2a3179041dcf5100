import { Check } from 'lucide-react';
import { Badge } from '../../ui/Badge.js';
import { LinkButton } from '../../ui/Button.js';
import { useSession } from '../session/public.js';
import page from '../../ui/Page.module.css';
import { trialDaysLeft } from '../overview/public.js';
import { PLANS } from './plans.js';
import styles from './Plans.module.css';

/** "View Plans" from the trial banner and "View Subscription Options" from the Upgrade panel. */
export default function PlansPage() {
  const { user } = useSession();
  const tier = user?.plan.tier ?? 'trial';
  const daysLeft = user && tier === 'trial' ? trialDaysLeft(user.plan.trialEndsAt) : null;

  return (
    <section className={page.page} aria-labelledby="plans-title">
      <div>
        <h1 id="plans-title" className={page.title}>
          Plans
        </h1>
        <p className={page.subtitle}>
          All plans include 200 calls per day, 4,000 leads monthly, free training materials, a leads CRM and commission
          tracking.
          {daysLeft !== null ? ` Your free trial has ${daysLeft} day${daysLeft === 1 ? '' : 's'} left.` : ''}
        </p>
      </div>
      <ul className={styles.plans}>
        {PLANS.map((plan) => {
          const current = plan.tier === tier;
          return (
            <li key={plan.tier} className={[page.card, styles.plan, plan.popular ? styles.popular : ''].join(' ')}>
              <div className={styles.head}>
                <h2 className={styles.name}>{plan.name}</h2>
                {plan.popular ? <Badge tone="green">Most Popular</Badge> : null}
                {current ? <Badge tone="blue">Your plan</Badge> : null}
              </div>
              <p className={styles.price}>
                <span className={styles.amount}>{plan.price}</span> <span className={page.muted}>{plan.period}</span>
              </p>
              <ul className={styles.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Check size={16} aria-hidden="true" /> {feature}
                  </li>
                ))}
              </ul>
              {current ? (
                <p className={page.muted}>This is your current plan.</p>
              ) : (
                <LinkButton
                  href={`/dashboard/support?topic=${encodeURIComponent(`Upgrade to ${plan.name}`)}`}
                  variant={plan.popular ? 'primary' : 'secondary'}
                  fullWidth
                >
                  Ask for {plan.name}
                </LinkButton>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
