import { Copy } from 'lucide-react';
import { Avatar } from '../../../ui/Avatar.js';
import { Button } from '../../../ui/Button.js';
import { errorToast, toast } from '../../../ui/toast.js';
import { formatDollars } from '../format.js';
import styles from './DemoWidget.module.css';
import { SAMPLE_AGENT, SAMPLE_DOWNLINE } from './sample.js';

export function BonsaiTab() {
  const link = `${window.location.host}/join/${SAMPLE_AGENT.referralCode}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(`${window.location.protocol}//${link}`);
      toast({ title: 'Referral link copied', description: link, variant: 'success' });
    } catch {
      errorToast('Could not copy the link', 'Select the link and copy it by hand.');
    }
  }

  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <div>
          <h3>Your Bonsai Referral Tree</h3>
          <p className={styles.rowMeta}>Grow your passive income</p>
        </div>
      </div>
      <div className={styles.tree}>
        <div className={styles.treeRoot}>
          <Avatar name={SAMPLE_AGENT.name} seed={SAMPLE_AGENT.avatarSeed} size={44} />
          <p className={styles.rowTitle}>{SAMPLE_AGENT.name}</p>
        </div>
        <ul className={styles.branches}>
          {SAMPLE_DOWNLINE.map((agent) => (
            <li key={agent.name} className={styles.branch}>
              <Avatar name={agent.name} seed={agent.avatarSeed} size={36} />
              <p className={styles.rowTitle}>{agent.name}</p>
              <p className={styles.rowMeta}>{formatDollars(agent.monthly)}/mo</p>
              <p className={styles.override}>5% override</p>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.referral}>
        <code className={styles.referralLink}>{link}</code>
        <Button variant="secondary" size="sm" onPress={copy}>
          <Copy size={14} aria-hidden="true" /> Copy
        </Button>
      </div>
    </div>
  );
}
