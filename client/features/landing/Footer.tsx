import { Link } from 'wouter';
import styles from './Landing.module.css';
import { scrollToWaitlist } from './scroll.js';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p className={styles.brand}>Commission Warriors</p>
      <p className={styles.footerText}>A commission-only sales engine for openers and closers.</p>
      <nav aria-label="Footer" className={styles.footerNav}>
        <button type="button" className={styles.footerLink} onClick={scrollToWaitlist}>
          Join the Waitlist
        </button>
        <Link href="/login" className={styles.footerLink}>
          Login
        </Link>
        <Link href="/terms" className={styles.footerLink}>
          Terms
        </Link>
        <Link href="/privacy" className={styles.footerLink}>
          Privacy
        </Link>
      </nav>
      <p className={styles.footerText}>© {new Date().getFullYear()} Commission Warriors. All rights reserved.</p>
    </footer>
  );
}
