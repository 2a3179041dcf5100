import { useState } from 'react';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import page from '../../ui/Page.module.css';
import type { RoleRequestStatus } from './role-requests-list.js';
import { RoleRequestRow } from './RoleRequestRow.js';
import { useRoleRequests } from './useRoleRequests.js';

type Status = RoleRequestStatus;
const STATUSES: { id: Status; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'all', label: 'All' },
];

/** Requests for the owner or admin role, by status, live, each with Approve/Reject while pending. */
export function RoleRequests() {
  const [status, setStatus] = useState<Status>('pending');
  const { items, loading, failed, retry, busy, decide } = useRoleRequests(status);

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
