import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { RebuttalEntry, RebuttalItem } from '../../../shared/schemas/rebuttals/library.js';
import { api } from '../../api/client.js';
import { onLive, onLiveResync } from '../../live/socket.js';

/** The AI-rebuttals library as the open page shows it: read once, then patched by `rebuttals:changed` here only. */
interface RebuttalLibrary {
  items: RebuttalItem[];
  /** Campaign slugs the viewer may write rebuttals for. */
  writableCampaigns: string[];
  loading: boolean;
  failed: boolean;
}

const library = proxy<RebuttalLibrary>({ items: [], writableCampaigns: [], loading: true, failed: false });

export const useRebuttalLibrary = () => useSnapshot(library);

/** The server's order: most votes first, then the older entry (ids grow with time). */
function sortLibrary() {
  library.items.sort((a, b) => b.votes - a.votes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function loadRebuttalLibrary(): Promise<void> {
  try {
    const answer = await api('/api/rebuttals', { quiet: true });
    library.items = answer.items;
    library.writableCampaigns = answer.writableCampaigns;
    library.failed = false;
  } catch {
    library.failed = true;
  } finally {
    library.loading = false;
  }
}

function putEntry(entry: RebuttalEntry, mine?: Pick<RebuttalItem, 'voted' | 'editable'>) {
  const current = library.items.find((item) => item.id === entry.id);
  if (current) Object.assign(current, entry, mine ?? {});
  else
    library.items.push({
      ...entry,
      voted: mine?.voted ?? false,
      editable: mine?.editable ?? library.writableCampaigns.includes(entry.campaign),
    });
  sortLibrary();
}

function dropEntry(id: string) {
  library.items = library.items.filter((item) => item.id !== id);
}

/** The author's own page applies its answer at once; the same change coming back as an event changes nothing more. */
export function applySavedRebuttal(item: RebuttalItem): void {
  putEntry(item, { voted: item.voted, editable: item.editable });
}

export async function deleteRebuttal(id: string): Promise<void> {
  await api(`/api/rebuttals/${id}`, { method: 'DELETE' });
  dropEntry(id);
}

export async function toggleRebuttalVote(id: string): Promise<void> {
  const answer = await api(`/api/rebuttals/${id}/vote`, { method: 'POST' });
  const item = library.items.find((entry) => entry.id === id);
  if (!item) return;
  item.voted = answer.voted;
  item.votes = answer.votes;
  sortLibrary();
}

/** Subscribed while the AI Rebuttals page is open. */
export function followRebuttalLibrary(): () => void {
  const offChanged = onLive(SocketEvents.rebuttalsChanged, (event) => {
    if (event.change === 'saved') putEntry(event.entry);
    else if (event.change === 'deleted') dropEntry(event.id);
    else {
      const item = library.items.find((entry) => entry.id === event.id);
      if (!item) return;
      item.votes = event.votes;
      sortLibrary();
    }
  });
  const offResync = onLiveResync(() => void loadRebuttalLibrary());
  return () => {
    offChanged();
    offResync();
  };
}
