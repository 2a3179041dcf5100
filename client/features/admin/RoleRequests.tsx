import { useEffect, useState } from 'react';
import type { RoleRequestItem } from '../../../shared/schemas/admin/role-requests.js';
import { api } from '../../api/client.js';
import { SocketEvents } from '../../../shared/events.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { onLive, onLiveResync } from '../../live/socket.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { toast } from '../../ui/toast.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Admin.module.css';
import { applyRoleRequest, type RoleRequestStatus } from './role-requests-list.js';

type Status = RoleRequestStatus;
const STATUSES: { id: Status; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'all', label: 'All' },
];
const TONES = { pending: 'yellow', approved: 'green', rejected: 'grey' } as const;

export function RoleRequests() {
  const [status, setStatus] = useState<Status>('pending');
  const [busy, setBusy] = useState<string | null>(null);

  const { data, loading, failed, retry, setData } = useApiQuery(`/api/admin/role-requests?status=${status}`);
  const items = data?.items ?? [];

  useEffect(() => {
    const off = onLive(SocketEvents.roleRequestUpdated, (change) =>
      setData((list) => applyRoleRequest(list, status, change)),
    );
    const offResync = onLiveResync(retry);
    return () => {
      off();
      offResync();
    };
  }, [status, setData, retry]);

  async function decide(request: RoleRequestItem, decision: 'approve' | 'reject') {
    setBusy(request.userId);
    try {
      const answer = await api(`/api/admin/role-requests/${request.userId}`, { body: { decision } });
      setData((list) => applyRoleRequest(list, status, { userId: request.userId, item: answer.request }));
      toast({
        title: decision === 'approve' ? 'Role request approved' : 'Role request declined',
        description: `${request.name} (${request.requestedRole})`,
        variant: 'success',
      });
    } catch {
      // The API client showed why (e.g. already decided); the list is re-read.
      retry();
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={page.card} aria-labelledby="role-requests-title">
      <div className={page.cardHead}>
        <h2 id="role-requests-title" className={page.cardTitle}>
          Role requests
        </h2>
        <FilterGroup label="Request status" options={STATUSES} value={status} onChange={setStatus} />
      </div>
      {failed ? (
        <LoadFailed title="Role requests could not be loaded." onRetry={retry} />
      ) : !loading && items.length === 0 ? (
        <EmptyState title="No role requests" />
      ) : (
        <div className={page.tableWrap} aria-busy={loading}>
          <table className={page.table}>
            <caption className="visually-hidden">Role requests</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Current role</th>
                <th scope="col">Requested role</th>
                <th scope="col">Requested</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Decision</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((request) => (
                <RoleRequestRow
                  key={request.userId}
                  request={request}
                  busy={busy === request.userId}
                  onDecide={(decision) => void decide(request, decision)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface RoleRequestRowProps {
  request: RoleRequestItem;
  /** Its decision is on its way to the server. */
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}

/** One request: who asks for which role, and Approve/Reject while it is pending (when it was decided after). */
function RoleRequestRow({ request, busy, onDecide }: RoleRequestRowProps) {
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
