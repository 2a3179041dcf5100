import { useState } from 'react';
import type { VoiceNoteItem, VoiceNoteListQuery } from '../../../shared/schemas/voice-notes/list.js';
import { SocketEvents } from '../../../shared/events.js';
import { api } from '../../api/client.js';
import { pathWithQuery, useApiQuery } from '../../api/useApiQuery.js';
import { useLiveRefresh } from '../../live/useLiveRefresh.js';
import { toast } from '../../ui/toast.js';

export type VoiceNoteSort = NonNullable<VoiceNoteListQuery['sort']>;

const SEARCH_DEBOUNCE_MS = 200;

/**
 * GET /api/voice-notes with the page's filters (search debounced while typing), re-read when voice notes change, and
 * deleting one (asked first: `deleting` is the note the confirmation is open for).
 */
export function useVoiceNotes(filters: { sort: VoiceNoteSort; q: string; campaign: string | undefined }) {
  const { sort, q, campaign } = filters;
  const [deleting, setDeleting] = useState<VoiceNoteItem | null>(null);
  const { data, loading, failed, retry, setData } = useApiQuery(
    pathWithQuery('/api/voice-notes', { sort, q: q.trim(), campaign }),
    { debounceMs: q ? SEARCH_DEBOUNCE_MS : 0 },
  );
  useLiveRefresh(SocketEvents.voiceNotesChanged, retry);

  async function remove(note: VoiceNoteItem) {
    try {
      await api(`/api/voice-notes/${note.id}`, { method: 'DELETE' });
      setData((list) => list && { ...list, items: list.items.filter((item) => item.id !== note.id) });
      toast({ title: 'Voice note deleted', description: note.title, variant: 'success' });
    } catch {
      // The API client showed why.
    }
    setDeleting(null);
  }

  return { notes: data?.items ?? [], loading, failed, reload: retry, deleting, askDelete: setDeleting, remove };
}
