import { useEffect, useState } from 'react';
import type { RoleDecisionResponse, RoleRequestItem, RoleRequestList } from '../../../shared/schemas/admin/role-requests.js';
import { api } from '../../api/client.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { toast } from '../../ui/toast.js';
import { formatDateTime } from '../dashboard/format.js';
import page from '../dashboard/Page.module.css';
import styles from './Admin.module.css';

type Status = 'pending' | 'approved' | 'rejected' | 'all';
const STATUSES: { id: Status; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'all', label: 'All' },
];
const TONES = { pending: 'yellow', approved: 'green', rejected: 'grey' } as const;

export function RoleRequests() {
  const [status, setStatus] = useState<Status>('pending');
  const [items, setItems] = useState<RoleRequestItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    api<RoleRequestList>(`/api/admin/role-requests?status=${status}`, { signal: controller.signal })
      .then((list) => {
        setItems(list.items);
        setFailed(false);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [status, attempt]);

  async function decide(request: RoleRequestItem, decision: 'approve' | 'reject') {
    setBusy(request.userId);
    try {
      const answer = await api<RoleDecisionResponse>(`/api/admin/role-requests/${request.userId}`, { body: { decision } });
      setItems((current) =>
        status === 'pending' ? current.filter((item) => item.userId !== request.userId) : current.map((item) => (item.userId === request.userId ? answer.request : item)),
      );
      toast({ title: decision === 'approve' ? 'Role request approved' : 'Role request declined', description: `${request.name} (${request.requestedRole})`, variant: 'success' });
    } catch {
      // The API client showed why (e.g. already decided); the list is re-read.
      setAttempt((n) => n + 1);
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
        <EmptyState title="Role requests could not be loaded.">
          <Button variant="ghost" size="sm" onPress={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </EmptyState>
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
                <tr key={request.userId}>
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
                        <Button size="sm" isDisabled={busy === request.userId} onPress={() => void decide(request, 'approve')} aria-label={`Approve ${request.name}`}>
                          Approve
                        </Button>
                        <Button variant="secondary" size="sm" isDisabled={busy === request.userId} onPress={() => void decide(request, 'reject')} aria-label={`Reject ${request.name}`}>
                          Reject
                        </Button>
                      </span>
                    ) : request.decidedAt ? (
                      <span className={[page.muted, page.small].join(' ')}>{formatDateTime(request.decidedAt)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
