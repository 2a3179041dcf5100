import { Badge, type BadgeTone } from '../../../ui/Badge.js';
import { Button } from '../../../ui/Button.js';
import { formatDate } from '../format.js';
import { scrollToWaitlist } from '../scroll.js';
import styles from './DemoWidget.module.css';
import { SAMPLE_LEADS, type SampleLeadStatus } from './sample.js';

/** The widget knows three statuses; anything else gets the neutral badge (spec 1 section 4). */
const TONES: Partial<Record<SampleLeadStatus, BadgeTone>> = { New: 'blue', Contacted: 'yellow', Qualified: 'green' };
const ACTIVE: SampleLeadStatus[] = ['New', 'Contacted', 'Qualified', 'Proposal'];

export function LeadsTab() {
  const active = SAMPLE_LEADS.filter((lead) => ACTIVE.includes(lead.status)).length;
  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <h3>Your Assigned Leads</h3>
        <Badge tone="green">{active} active</Badge>
      </div>
      <ul className={styles.rows}>
        {SAMPLE_LEADS.map((lead) => (
          <li key={lead.id} className={styles.row}>
            <div>
              <p className={styles.rowTitle}>{lead.name}</p>
              <p className={styles.rowMeta}>{lead.company}</p>
            </div>
            <div className={styles.rowEnd}>
              <Badge tone={TONES[lead.status] ?? 'grey'}>{lead.status}</Badge>
              <p className={styles.rowMeta}>{formatDate(lead.createdAt)}</p>
            </div>
          </li>
        ))}
      </ul>
      <Button variant="secondary" fullWidth onPress={scrollToWaitlist}>
        View All Leads
      </Button>
    </div>
  );
}
