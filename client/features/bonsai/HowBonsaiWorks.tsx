import { DEFAULT_OVERRIDE_PERCENT } from '../../../shared/constants.js';
import type { CommissionStructureInput } from '../../../shared/schemas/campaigns/structure.js';
import page from '../../ui/Page.module.css';
import styles from './Bonsai.module.css';

export function HowBonsaiWorks({ structure }: { structure?: CommissionStructureInput }) {
  const override = structure?.override ?? DEFAULT_OVERRIDE_PERCENT;
  return (
    <section className={page.card} aria-labelledby="how-bonsai-title">
      <h2 id="how-bonsai-title" className={page.cardTitle}>
        How Bonsai Works
      </h2>
      <ol className={styles.how}>
        <li>Share your referral link. Everyone who signs up through it joins your Bonsai at level 1.</li>
        <li>
          When someone in your Bonsai earns a commission, you earn an override on it: {override.level1}% at level 1,{' '}
          {override.level2}% at level 2 and {override.level3}% at level 3.
        </li>
        <li>Overrides never reduce your team's pay: they come on top of their commission.</li>
        <li>
          Commissions stay pending through the campaign's hold window, are then approved, and are paid in the next
          payout run.
        </li>
        <li>If a deal is cancelled or refunded, the commissions paid on it are deducted from the next payout.</li>
      </ol>
    </section>
  );
}
