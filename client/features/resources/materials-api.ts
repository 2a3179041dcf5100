import { useCallback, useEffect, useState } from 'react';
import type { MaterialFolder, MaterialItem, MaterialList, MaterialListQuery } from '../../../shared/schemas/materials/list.js';
import { api } from '../../api/client.js';

export type MaterialFilters = Pick<MaterialListQuery, 'q' | 'campaign' | 'category' | 'folder' | 'sort'>;

const SEARCH_DEBOUNCE_MS = 200;

/** GET /api/materials with the page's filters (search debounced while typing). */
export function useMaterials(filters: MaterialFilters) {
  const [items, setItems] = useState<MaterialItem[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { q, campaign, category, folder, sort } = filters;

  useEffect(() => {
    const params = new URLSearchParams();
    if (q?.trim()) params.set('q', q.trim());
    if (campaign) params.set('campaign', campaign);
    if (category) params.set('category', category);
    if (folder) params.set('folder', folder);
    if (sort) params.set('sort', sort);
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(
      () => {
        api<MaterialList>(`/api/materials${params.size ? `?${params}` : ''}`, { signal: controller.signal })
          .then((list) => {
            setItems(list.items);
            setCategories(list.categories);
            setFailed(false);
            setLoading(false);
          })
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') return;
            setFailed(true);
            setLoading(false);
          });
      },
      q ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, campaign, category, folder, sort, attempt]);

  const patch = useCallback((id: string, change: Partial<MaterialItem> | null) => {
    setItems((current) => (change === null ? current.filter((item) => item.id !== id) : current.map((item) => (item.id === id ? { ...item, ...change } : item))));
  }, []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { items, categories, loading, failed, patch, reload };
}

export function useFolders() {
  const [folders, setFolders] = useState<MaterialFolder[]>([]);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    api<{ items: MaterialFolder[] }>('/api/materials/folders', { quiet: true })
      .then((list) => {
        if (live) setFolders(list.items);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { folders, reload };
}

/** The signed link as a download (the server answers `Content-Disposition: attachment`). */
export const downloadUrl = (item: MaterialItem) => `${item.fileUrl}${item.fileUrl.includes('?') ? '&' : '?'}download=1`;
