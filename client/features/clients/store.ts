import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { ClientItem, ClientStatus } from '../../../shared/schemas/clients/client.js';
import type { ClientUpdateBody } from '../../../shared/schemas/clients/update.js';
import { api } from '../../api/client.js';
import { onLive } from '../../live/socket.js';

export interface ClientFilter {
  campaignId?: string;
  status?: ClientStatus;
}

interface ClientsState {
  filter: ClientFilter;
  items: ClientItem[];
  nextCursor: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

const PAGE = 25;
/** Several lead changes in a burst (an agent working down a list) cost one re-read. */
const RELOAD_DEBOUNCE_MS = 400;

export const clients = proxy<ClientsState>({ filter: {}, items: [], nextCursor: null, status: 'idle' });

export const useClients = () => useSnapshot(clients);

let request = 0;

function listUrl(filter: ClientFilter, cursor?: string | null) {
  const params = new URLSearchParams({ limit: String(PAGE) });
  if (filter.campaignId) params.set('campaignId', filter.campaignId);
  if (filter.status) params.set('status', filter.status);
  if (cursor) params.set('cursor', cursor);
  return `/api/clients?${params}` as const;
}

export async function showClients(filter: ClientFilter): Promise<void> {
  const mine = ++request;
  clients.filter = { ...filter };
  if (clients.status !== 'ready') clients.status = 'loading';
  try {
    const page = await api(listUrl(filter), { quiet: true });
    if (mine !== request) return;
    clients.items = page.items;
    clients.nextCursor = page.nextCursor;
    clients.status = 'ready';
  } catch {
    if (mine === request) clients.status = 'failed';
  }
}

export async function showMoreClients(): Promise<void> {
  if (!clients.nextCursor) return;
  const mine = request;
  const page = await api(listUrl(clients.filter, clients.nextCursor));
  if (mine !== request) return;
  const known = new Set(clients.items.map((client) => client.id));
  clients.items.push(...page.items.filter((client) => !known.has(client.id)));
  clients.nextCursor = page.nextCursor;
}

const matches = (client: ClientItem, filter: ClientFilter) =>
  (!filter.campaignId || client.campaignId === filter.campaignId) &&
  (!filter.status || client.status === filter.status);

/** The one place a fresh client record is written into the list. */
export function applyClient(client: ClientItem): void {
  const index = clients.items.findIndex((item) => item.id === client.id);
  if (!matches(client, clients.filter)) {
    if (index >= 0) clients.items.splice(index, 1);
  } else if (index >= 0) clients.items[index] = client;
  else clients.items.unshift(client);
}

export async function updateClient(id: string, body: ClientUpdateBody): Promise<ClientItem> {
  const client = await api(`/api/clients/${id}`, { method: 'PATCH', body });
  applyClient(client);
  return client;
}

/**
 * Client records follow their leads on the server (Qualified or Proposal creates one, Closed completes it, Lost
 * drops it) and have no event of their own: a `lead:updated` that can touch one re-reads the list.
 */
export function followClients(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const off = onLive(SocketEvents.leadUpdated, (payload) => {
    const known = clients.items.some((client) => client.leadId === payload.id);
    const creates = !('removed' in payload) && (payload.stage === 'Qualified' || payload.stage === 'Proposal');
    if (!known && !creates) return;
    clearTimeout(timer);
    timer = setTimeout(() => void showClients(clients.filter), RELOAD_DEBOUNCE_MS);
  });
  return () => {
    clearTimeout(timer);
    off();
  };
}

/** Spec 2: the bar's colour changes in bands below 20, 40, 60, 80 and 100. */
export function progressBand(progress: number): 0 | 1 | 2 | 3 | 4 {
  if (progress < 20) return 0;
  if (progress < 40) return 1;
  if (progress < 60) return 2;
  if (progress < 80) return 3;
  return 4;
}
