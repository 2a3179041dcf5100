import { useCallback } from 'react';
import type { WaitlistAdminItem } from '../../../shared/schemas/admin/waitlist.js';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { toast } from '../../ui/toast.js';

export type ProcessedFilter = 'all' | 'pending' | 'processed' | 'early';

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 250;

function queryFor(q: string, filter: ProcessedFilter, cursor?: number) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (filter === 'pending' || filter === 'processed') params.set('processed', String(filter === 'processed'));
  if (filter === 'early') params.set('earlyAccess', 'true');
  if (cursor !== undefined) params.set('cursor', String(cursor));
  return `/api/admin/waitlist?${params}` as const;
}

/**
 * The waitlist as the admin searched and filtered it (the search debounced), a page at a time, and what the admin does
 * to an entry: mark it processed (shown at once, undone if the server refuses) and grant it access.
 */
export function useWaitlist(q: string, filter: ProcessedFilter) {
  const { data, loading, failed, retry, setData } = useApiQuery(queryFor(q, filter), {
    debounceMs: q ? SEARCH_DEBOUNCE_MS : 0,
  });
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const nextCursor = data?.nextCursor ?? null;

  async function loadMore() {
    if (nextCursor === null) return;
    const list = await api(queryFor(q, filter, nextCursor)).catch(() => null);
    if (!list) return;
    setData(
      (current) =>
        current && {
          ...current,
          items: [
            ...current.items,
            ...list.items.filter((item) => !current.items.some((known) => known.id === item.id)),
          ],
          nextCursor: list.nextCursor,
        },
    );
  }

  const replace = useCallback(
    (entry: WaitlistAdminItem) =>
      setData((list) => list && { ...list, items: list.items.map((item) => (item.id === entry.id ? entry : item)) }),
    [setData],
  );

  async function setProcessed(entry: WaitlistAdminItem, processed: boolean) {
    replace({ ...entry, processed });
    try {
      replace(await api(`/api/admin/waitlist/${entry.id}`, { method: 'PATCH', body: { processed } }));
    } catch {
      replace(entry);
    }
  }

  async function grant(entry: WaitlistAdminItem) {
    try {
      const answer = await api(`/api/admin/waitlist/${entry.id}/grant`, { method: 'POST' });
      replace(answer.entry);
      toast({
        title: 'Access granted',
        description: answer.accountUpdated
          ? `${entry.email} can use the dashboard now.`
          : `${entry.email} will have access when they sign up.`,
        variant: 'success',
      });
    } catch {
      // The API client showed why.
    }
  }

  return { items, total, nextCursor, loading, failed, retry, loadMore, setProcessed, grant };
}
