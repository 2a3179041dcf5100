import { Clock } from 'lucide-react';
import { useState } from 'react';
import { Button, LinkButton } from '../../ui/Button.js';
import type { PublicUser } from '../../../shared/types/user.js';
import { trialDaysLeft } from './trial.js';
import styles from './Overview.module.css';

const dismissKey = (userId: string) => `trial_banner_dismissed:${userId}`;

function wasDismissed(user: Pick<PublicUser, 'id' | 'plan'>): boolean {
  try {
    // Remembered per trial end, so a new trial period shows the banner again.
    return localStorage.getItem(dismissKey(user.id)) === user.plan.trialEndsAt;
  } catch {
    return false;
  }
}

export function TrialBanner({ user }: { user: Pick<PublicUser, 'id' | 'plan'> }) {
  const [dismissed, setDismissed] = useState(() => wasDismissed(user));
  if (user.plan.tier !== 'trial' || dismissed) return null;
  const days = trialDaysLeft(user.plan.trialEndsAt);

  const dismiss = () => {
    try {
      localStorage.setItem(dismissKey(user.id), user.plan.trialEndsAt);
    } catch {
      // Dismissed for this visit only.
    }
    setDismissed(true);
  };

  return (
    <section className={styles.trial} aria-label="Trial">
      <Clock size={22} aria-hidden="true" />
      <p className={styles.trialText}>
        {days === 0 ? 'Your Trial Has Ended' : `Your Trial Ends in ${days} ${days === 1 ? 'Day' : 'Days'}`}
      </p>
      <div className={styles.trialActions}>
        <Button variant="ghost" size="sm" onPress={dismiss}>
          Dismiss
        </Button>
        <LinkButton href="/dashboard/plans" size="sm">
          View Plans
        </LinkButton>
      </div>
    </section>
  );
}
