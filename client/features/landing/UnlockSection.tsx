import { Gift, LayoutDashboard, Network, Rocket, type LucideIcon } from 'lucide-react';
import styles from './Landing.module.css';

const ITEMS: Array<{ title: string; text: string; icon: LucideIcon }> = [
  {
    title: 'Live Campaigns',
    text: 'Hotel accommodation, advertising for real-estate agencies, and real estate in Egypt, Dubai and the US. Solar and roofing are coming soon.',
    icon: Rocket,
  },
  {
    title: 'Dashboard Preview',
    text: 'Your assigned leads, calls and commissions in one place, updated live as you work.',
    icon: LayoutDashboard,
  },
  {
    title: 'Referrals Tree + Bonuses',
    text: 'Grow your Bonsai: earn an override on the deals of the agents you recruit, across three levels (5%, 2.5% and 1%).',
    icon: Network,
  },
  {
    title: 'Early Access Bonuses',
    text: 'The first 50 sign-ups get a 5% override on their first 5 recruits plus beta access.',
    icon: Gift,
  },
];

export function UnlockSection() {
  return (
    <section className={styles.belowFoldSection} aria-labelledby="unlock-title">
      <h2 id="unlock-title" className={styles.sectionTitle}>
        What You&apos;ll Unlock
      </h2>
      <ul className={styles.tiles}>
        {ITEMS.map(({ title, text, icon: Icon }) => (
          <li key={title} className={styles.tile}>
            <Icon size={28} className={styles.tileIcon} aria-hidden="true" />
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
