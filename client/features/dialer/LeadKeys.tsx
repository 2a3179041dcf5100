import { Hash } from 'lucide-react';
import styles from './Dialer.module.css';

/** The keys the lead pressed on their phone during the call (an account number, a menu choice), as they arrive. */
export function LeadKeys({ keys }: { keys: string | undefined }) {
  if (!keys) return null;
  return (
    <p className={styles.leadKeys} role="status" aria-label="Keys pressed by the lead">
      <Hash size={14} aria-hidden="true" /> Lead pressed: <kbd>{[...keys].join(' ')}</kbd>
    </p>
  );
}
