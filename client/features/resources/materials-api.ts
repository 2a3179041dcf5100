import { useCallback, useState } from 'react';
import type { MaterialFolder, MaterialItem, MaterialListQuery } from '../../../shared/schemas/materials/list.js';
import { SocketEvents } from '../../../shared/events.js';
import { api } from '../../api/client.js';
import { pathWithQuery, useApiQuery } from '../../api/useApiQuery.js';
import { useLiveRefresh } from '../../live/useLiveRefresh.js';
import { toast } from '../../ui/toast.js';

export type MaterialFilters = Pick<MaterialListQuery, 'q' | 'campaign' | 'category' | 'folder' | 'sort'>;

const SEARCH_DEBOUNCE_MS = 200;
// One array for "nothing yet", so callers can memoise on them.
const NO_ITEMS: MaterialItem[] = [];
const NO_CATEGORIES: string[] = [];

/** GET /api/materials with the page's filters (search debounced while typing), re-read when materials change. */
export function useMaterials(filters: MaterialFilters) {
  const { q, campaign, category, folder, sort } = filters;
  const { data, loading, failed, retry, setData } = useApiQuery(
    pathWithQuery('/api/materials', { q: q?.trim(), campaign, category, folder, sort }),
    {
      debounceMs: q ? SEARCH_DEBOUNCE_MS : 0,
    },
  );

  const patch = useCallback(
    (id: string, change: Partial<MaterialItem> | null) => {
      setData(
        (list) =>
          list && {
            ...list,
            items:
              change === null
                ? list.items.filter((item) => item.id !== id)
                : list.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
          },
      );
    },
    [setData],
  );
  useLiveRefresh(SocketEvents.materialsChanged, (change) => {
    if (!change || change.kind === 'material') retry();
  });
  return {
    items: data?.items ?? NO_ITEMS,
    categories: data?.categories ?? NO_CATEGORIES,
    loading,
    failed,
    patch,
    reload: retry,
  };
}

const NO_FOLDERS: MaterialFolder[] = [];

export function useFolders() {
  const { data, refresh: reload } = useApiQuery('/api/materials/folders', { quiet: true });
  useLiveRefresh(SocketEvents.materialsChanged, (change) => {
    if (!change || change.kind === 'folder') reload();
  });
  return { folders: data?.items ?? NO_FOLDERS, reload };
}

/** The signed link as a download (the server answers `Content-Disposition: attachment`). */
export const downloadUrl = (item: MaterialItem) => `${item.fileUrl}${item.fileUrl.includes('?') ? '&' : '?'}download=1`;

/** Starring and deleting a listed material: `patch` applies the answer to the list without reading it again. */
export function useMaterialActions(patch: (id: string, change: Partial<MaterialItem> | null) => void) {
  const [deleting, setDeleting] = useState<MaterialItem | null>(null);

  async function star(item: MaterialItem) {
    const answer = await api(`/api/materials/${item.id}/star`, { method: 'POST' }).catch(() => null);
    if (answer) patch(item.id, { starred: answer.starred });
  }

  async function remove(item: MaterialItem) {
    try {
      await api(`/api/materials/${item.id}`, { method: 'DELETE' });
      patch(item.id, null);
      toast({ title: 'Material deleted', description: item.name, variant: 'success' });
    } catch {
      // The API client showed why.
    }
    setDeleting(null);
  }

  return { star, remove, deleting, askDelete: setDeleting };
}
