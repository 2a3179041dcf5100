import type { RoleRequestUpdatedPayload } from '../../../shared/events.js';
import type { RoleRequestList } from '../../../shared/schemas/admin/role-requests.js';

export type RoleRequestStatus = 'pending' | 'approved' | 'rejected' | 'all';

/**
 * The one place a shown list of role requests takes a change (an admin's own decision or `role-request:updated`):
 * the request stays, moves in or leaves according to the status the list is filtered to, oldest first.
 */
export function applyRoleRequest(
  list: RoleRequestList | undefined,
  status: RoleRequestStatus,
  change: RoleRequestUpdatedPayload,
): RoleRequestList | undefined {
  if (!list) return list;
  const others = list.items.filter((item) => item.userId !== change.userId);
  const { item } = change;
  if (!item || (status !== 'all' && item.status !== status)) return { ...list, items: others };
  return { ...list, items: [...others, item].sort((a, b) => a.requestedAt.localeCompare(b.requestedAt)) };
}
