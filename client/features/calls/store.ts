import { proxy, subscribe, useSnapshot } from 'valtio';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import type { CallStats } from '../../../shared/schemas/dialer/history.js';
import { api } from '../../api/client.js';
import { dialerStore } from '../dialer/public.js';
import { session } from '../session/public.js';

export type StatusFilter = 'all' | 'answered' | 'missed' | 'voicemail';
export type DirectionFilter = 'all' | 'outbound' | 'inbound';

export interface CallFilters {
  status: StatusFilter;
  direction: DirectionFilter;
  campaignId: string;
  /** `YYYY-MM-DD` from the date inputs, in the agent's own time zone. */
  from: string;
  to: string;
  q: string;
}

interface CallHistoryState {
  filters: CallFilters;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: CallView[];
  nextCursor: string | null;
  stats: CallStats | null;
  loadingMore: boolean;
  /** Whose calls these are: another account signing in on this page starts from an empty list. */
  userId: string | null;
}

const PAGE_SIZE = 25;
const RELOAD_DELAY_MS = 300;

export const callHistory = proxy<CallHistoryState>({
  filters: { status: 'all', direction: 'all', campaignId: '', from: '', to: '', q: '' },
  status: 'idle',
  items: [],
  nextCursor: null,
  stats: null,
  loadingMore: false,
  userId: null,
});

export const useCallHistory = () => useSnapshot(callHistory);

/** Local day bounds as instants, so "from/to" mean the agent's days, not UTC ones. */
function dayStart(date: string): string {
  return new Date(`${date}T00:00:00`).toISOString();
}
function dayEnd(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/** The query string of the current filters, shared by the list and the CSV export. */
export function filterParams(filters: CallFilters = callHistory.filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.direction !== 'all') params.set('direction', filters.direction);
  if (filters.campaignId) params.set('campaignId', filters.campaignId);
  if (filters.from) params.set('from', dayStart(filters.from));
  if (filters.to) params.set('to', dayEnd(filters.to));
  if (filters.q.trim()) params.set('q', filters.q.trim());
  return params;
}

let generation = 0;

export async function loadCalls(): Promise<void> {
  const mine = ++generation;
  if (callHistory.status !== 'ready') callHistory.status = 'loading';
  const params = filterParams();
  params.set('limit', String(PAGE_SIZE));
  try {
    const page = await api(`/api/calls?${params}`, { quiet: callHistory.status === 'ready' });
    if (mine !== generation) return;
    callHistory.items = page.items;
    callHistory.nextCursor = page.nextCursor;
    callHistory.stats = page.stats;
    callHistory.status = 'ready';
  } catch {
    if (mine === generation && callHistory.status !== 'ready') callHistory.status = 'failed';
  }
}

export async function loadMoreCalls(): Promise<void> {
  const cursor = callHistory.nextCursor;
  if (!cursor || callHistory.loadingMore) return;
  const mine = generation;
  const params = filterParams();
  params.set('limit', String(PAGE_SIZE));
  params.set('cursor', cursor);
  callHistory.loadingMore = true;
  try {
    const page = await api(`/api/calls?${params}`);
    if (mine !== generation) return;
    callHistory.items.push(...page.items.filter((item) => !callHistory.items.some((known) => known.id === item.id)));
    callHistory.nextCursor = page.nextCursor;
  } catch {
    // The toast said why; the button stays for another try.
  } finally {
    callHistory.loadingMore = false;
  }
}

export function setFilter<K extends keyof CallFilters>(key: K, value: CallFilters[K]): void {
  callHistory.filters[key] = value;
}

/**
 * The history follows the filters and the agent's own calls: the dialer store (fed by `call:state`) says
 * when a call started or ended, and the list is read again from the server, which owns the figures.
 */
export function followCallHistory(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reloadSoon = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void loadCalls(), delay);
  };
  const userId = session.user?.id ?? null;
  if (callHistory.userId !== userId) {
    Object.assign(callHistory, { userId, status: 'idle', items: [], nextCursor: null, stats: null });
  }
  void loadCalls();
  let lastFilters = JSON.stringify(callHistory.filters);
  const offFilters = subscribe(callHistory.filters, () => {
    const next = JSON.stringify(callHistory.filters);
    if (next === lastFilters) return;
    const typing = JSON.parse(lastFilters).q !== callHistory.filters.q;
    lastFilters = next;
    reloadSoon(typing ? RELOAD_DELAY_MS : 0);
  });
  let lastCall = callKey();
  const offDialer = subscribe(dialerStore, () => {
    const next = callKey();
    if (next === lastCall) return;
    lastCall = next;
    reloadSoon(RELOAD_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    offFilters();
    offDialer();
  };
}

/** Changes worth a reload: a new call, or one reaching its end (status, duration, recording). */
function callKey(): string {
  const call = dialerStore.call;
  if (!call) return '';
  const settled = call.state === 'ended' || call.state === 'idle';
  return `${call.id}:${settled ? 'done' : 'live'}:${call.recordingUrl ?? ''}`;
}
