import { CircleCheck, CircleX } from 'lucide-react';
import styles from './Landing.module.css';

const FOR_YOU = [
  'You earn, or want to earn, roughly $500-$5000+ per quarter on commission',
  'You are a side hustler looking for extra income',
  'You want leads and tools supplied instead of hunting for them',
  'You love commission: the more you close, the more you make',
];
const NOT_THIS = ['A job', 'A base salary', 'A micromanaged team'];

export function RightForYouSection() {
  return (
    <section className={styles.belowFoldSection} aria-labelledby="fit-title">
      <h2 id="fit-title" className={styles.sectionTitle}>
        Is This Right For You?
      </h2>
      <div className={styles.compare}>
        <div className={styles.compareColumn}>
          <h3>This is for you if...</h3>
          <ul className={styles.icons}>
            {FOR_YOU.map((item) => (
              <li key={item}>
                <CircleCheck size={20} className={styles.yes} aria-hidden="true" /> {item}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.compareColumn}>
          <h3>What this is not</h3>
          <ul className={styles.icons}>
            {NOT_THIS.map((item) => (
              <li key={item}>
                <CircleX size={20} className={styles.no} aria-hidden="true" /> {item}
              </li>
            ))}
          </ul>
          <p className={styles.engine}>It&apos;s a commission-only sales engine.</p>
        </div>
      </div>
    </section>
  );
}
