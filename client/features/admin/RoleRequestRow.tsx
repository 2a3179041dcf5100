import type { RoleRequestItem } from '../../../shared/schemas/admin/role-requests.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Admin.module.css';

const TONES = { pending: 'yellow', approved: 'green', rejected: 'grey' } as const;

interface RoleRequestRowProps {
  request: RoleRequestItem;
  /** Its decision is on its way to the server. */
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}

/** One request: who asks for which role, and Approve/Reject while it is pending (when it was decided after). */
export function RoleRequestRow({ request, busy, onDecide }: RoleRequestRowProps) {
  return (
    <tr>
      <td>{request.name}</td>
      <td>{request.email}</td>
      <td>{request.currentRole}</td>
      <td>{request.requestedRole}</td>
      <td>{formatDateTime(request.requestedAt)}</td>
      <td>
        <Badge tone={TONES[request.status]}>{request.status}</Badge>
      </td>
      <td>
        {request.status === 'pending' ? (
          <span className={styles.actions}>
            <Button
              size="sm"
              isDisabled={busy}
              onPress={() => onDecide('approve')}
              aria-label={`Approve ${request.name}`}
            >
              Approve
            </Button>
            <Button
              variant="secondary"
              size="sm"
              isDisabled={busy}
              onPress={() => onDecide('reject')}
              aria-label={`Reject ${request.name}`}
            >
              Reject
            </Button>
          </span>
        ) : request.decidedAt ? (
          <span className={[page.muted, page.small].join(' ')}>{formatDateTime(request.decidedAt)}</span>
        ) : null}
      </td>
    </tr>
  );
}
