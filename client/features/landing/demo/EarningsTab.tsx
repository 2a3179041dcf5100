import { Button } from '../../../ui/Button.js';
import { formatDate, formatDollars } from '../format.js';
import { scrollToWaitlist } from '../scroll.js';
import styles from './DemoWidget.module.css';
import { SAMPLE_AGENT, SAMPLE_PAYOUTS } from './sample.js';

const PERIODS = [
  { label: 'Daily', amount: SAMPLE_AGENT.earnings.daily },
  { label: 'Weekly', amount: SAMPLE_AGENT.earnings.weekly },
  { label: 'Monthly', amount: SAMPLE_AGENT.earnings.monthly },
];

export function EarningsTab() {
  return (
    <div className={styles.panel}>
      <ul className={styles.stats}>
        {PERIODS.map((period) => (
          <li key={period.label} className={styles.stat}>
            <p className={styles.caption}>{period.label}</p>
            <p className={styles.statValue}>{formatDollars(period.amount)}</p>
          </li>
        ))}
      </ul>
      <div className={styles.panelHead}>
        <h3>Recent Payouts</h3>
        <Button variant="ghost" size="sm" onPress={scrollToWaitlist}>
          View All
        </Button>
      </div>
      <ul className={styles.rows}>
        {SAMPLE_PAYOUTS.map((payout) => (
          <li key={payout.title} className={styles.row}>
            <div>
              <p className={styles.rowTitle}>{payout.title}</p>
              <p className={styles.rowMeta}>{formatDate(payout.date)}</p>
            </div>
            <p className={styles.amount}>+{formatDollars(payout.amount)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
