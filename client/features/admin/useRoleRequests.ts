import { useEffect, useState } from 'react';
import type { RoleRequestItem } from '../../../shared/schemas/admin/role-requests.js';
import { SocketEvents } from '../../../shared/events.js';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { onLive, onLiveResync } from '../../live/socket.js';
import { toast } from '../../ui/toast.js';
import { applyRoleRequest, type RoleRequestStatus } from './role-requests-list.js';

/**
 * The role requests of one status, patched live by `role-request:updated` (re-read after a reconnect), and the admin's
 * decision on one: `busy` names the request whose decision is on its way.
 */
export function useRoleRequests(status: RoleRequestStatus) {
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

  return { items, loading, failed, retry, busy, decide };
}
