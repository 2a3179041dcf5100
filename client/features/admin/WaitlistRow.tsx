import type { WaitlistAdminItem } from '../../../shared/schemas/admin/waitlist.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Admin.module.css';

interface WaitlistRowProps {
  entry: WaitlistAdminItem;
  setProcessed: (entry: WaitlistAdminItem, processed: boolean) => Promise<void>;
  grant: (entry: WaitlistAdminItem) => Promise<void>;
}

/** One entry: who, what they want, when they joined, the Processed box and Grant access. */
export function WaitlistRow({ entry, setProcessed, grant }: WaitlistRowProps) {
  return (
    <tr>
      <td className={page.num}>{entry.position}</td>
      <td>
        <span className={styles.nameCell}>
          {entry.name}
          {entry.earlyAccess ? <Badge tone="green">Early access</Badge> : null}
        </span>
      </td>
      <td>{entry.email}</td>
      <td>{entry.contact}</td>
      <td>{entry.campaignInterest}</td>
      <td>{formatDate(entry.createdAt)}</td>
      <td>
        <Checkbox
          isSelected={entry.processed}
          onChange={(value) => void setProcessed(entry, value)}
          aria-label={`Processed: ${entry.name}`}
        >
          <span className="visually-hidden">Processed</span>
        </Checkbox>
      </td>
      <td>
        {entry.accessGranted ? (
          <Badge tone="green">Granted</Badge>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onPress={() => void grant(entry)}
            aria-label={`Grant access to ${entry.name}`}
          >
            Grant access
          </Button>
        )}
        {entry.hasAccount ? null : (
          <span className={[page.muted, page.small, styles.block].join(' ')}>No account yet</span>
        )}
      </td>
    </tr>
  );
}
