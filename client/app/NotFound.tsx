import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import styles from './NotFound.module.css';

export function NotFound() {
  const [location] = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location);
  }, [location]);

  return (
    <main className={styles.page}>
      <h1 className={styles.code}>404</h1>
      <p className={styles.text}>Oops! Page not found</p>
      <Link href="~/" className={styles.link}>
        Return to Home
      </Link>
    </main>
  );
}
