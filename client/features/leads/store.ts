import { proxy, useSnapshot } from 'valtio';
import type { LeadDisposition, LeadStage } from '../../../shared/constants.js';
import { SocketEvents } from '../../../shared/events.js';
import type { LeadDetail, LeadItem } from '../../../shared/schemas/leads/lead.js';
import type { LeadUpdateBody } from '../../../shared/schemas/leads/update.js';
import { api } from '../../api/client.js';
import { onLive } from '../../live/socket.js';

type Status = 'idle' | 'loading' | 'ready' | 'failed';

/** What one list on screen asks the server for (GET /api/leads); the socket keeps the list true to it. */
export interface LeadFilter {
  campaignId?: string;
  disposition?: LeadDisposition;
  stage?: LeadStage;
  search?: string;
}

export interface LeadListView {
  filter: LeadFilter;
  items: LeadItem[];
  nextCursor: string | null;
  status: Status;
  /** Ids that arrived live (lead:assigned) since the list was loaded, for a highlight. */
  fresh: string[];
  /** An agent's campaign list that is empty because the campaign has no lead left to hand out. */
  poolEmpty?: boolean;
}

export type LeadViewName = 'management' | 'pipeline';

interface LeadsState {
  views: Record<LeadViewName, LeadListView>;
  /** The lead open in the details panel, with its history. */
  detail: { id: string; data: LeadDetail | null; status: Status } | null;
}

const PAGE = 25;

const emptyView = (): LeadListView => ({ filter: {}, items: [], nextCursor: null, status: 'idle', fresh: [] });

export const leads = proxy<LeadsState>({ views: { management: emptyView(), pipeline: emptyView() }, detail: null });

export const useLeads = () => useSnapshot(leads);

const requests: Record<LeadViewName, number> = { management: 0, pipeline: 0 };

function listUrl(filter: LeadFilter, cursor?: string | null) {
  const params = new URLSearchParams({ limit: String(PAGE) });
  if (filter.campaignId) params.set('campaignId', filter.campaignId);
  if (filter.disposition) params.set('disposition', filter.disposition);
  if (filter.stage) params.set('stage', filter.stage);
  if (filter.search?.trim()) params.set('search', filter.search.trim());
  if (cursor) params.set('cursor', cursor);
  return `/api/leads?${params}` as const;
}

/** Loads the first page of a list for a filter (a newer call wins over an older one still in flight). */
export async function showLeadList(name: LeadViewName, filter: LeadFilter): Promise<void> {
  const mine = ++requests[name];
  const view = leads.views[name];
  view.filter = { ...filter };
  view.status = 'loading';
  try {
    const page = await api(listUrl(filter), { quiet: true });
    if (mine !== requests[name]) return;
    view.items = page.items;
    view.nextCursor = page.nextCursor;
    view.fresh = [];
    view.poolEmpty = page.poolEmpty ?? false;
    view.status = 'ready';
  } catch {
    if (mine === requests[name]) view.status = 'failed';
  }
}

export async function showMoreLeads(name: LeadViewName): Promise<void> {
  const view = leads.views[name];
  if (!view.nextCursor) return;
  const mine = requests[name];
  const page = await api(listUrl(view.filter, view.nextCursor));
  if (mine !== requests[name]) return;
  const known = new Set(view.items.map((lead) => lead.id));
  view.items.push(...page.items.filter((lead) => !known.has(lead.id)));
  view.nextCursor = page.nextCursor;
}

export const reloadLeadList = (name: LeadViewName) => showLeadList(name, leads.views[name].filter);

const digits = (text: string) => text.replace(/\D/g, '');

/** The server's rule for one lead, so a lead that arrives live lands only in the lists that would have listed it. */
export function matchesFilter(lead: LeadItem, filter: LeadFilter): boolean {
  if (filter.campaignId && lead.campaignId !== filter.campaignId) return false;
  if (filter.disposition && lead.disposition !== filter.disposition) return false;
  if (filter.stage && lead.stage !== filter.stage) return false;
  const search = filter.search?.trim().toLowerCase();
  if (!search) return true;
  const text = [lead.name, lead.email, lead.phone, lead.company].some((value) => value?.toLowerCase().includes(search));
  return text || (digits(search).length > 0 && Boolean(lead.phone && lead.phone.includes(digits(search))));
}

/** The one place a fresh lead (REST answer or socket event) is written into every list and the open panel. */
export function applyLead(incoming: LeadItem, arrived = false): void {
  applyLeads([incoming], arrived);
}

/**
 * Fresh leads in arrival order, each as `applyLead` would write it: replaced where listed, dropped where the filter
 * no longer holds, added on top where it newly does (the last one topmost). One pass per list, so a batch of 200
 * (`leads:updated`) does not search a long list 200 times.
 */
export function applyLeads(batch: LeadItem[], arrived = false): void {
  for (const view of Object.values(leads.views)) {
    if (view.status !== 'ready') continue;
    const listed = new Map(view.items.map((item, index) => [item.id, index]));
    const dropped = new Set<number>();
    const added = new Map<string, LeadItem>();
    for (const incoming of batch) {
      const index = listed.get(incoming.id);
      const lead = keepAssigneeName(incoming, index === undefined ? added.get(incoming.id) : view.items[index]);
      const fits = matchesFilter(lead, view.filter);
      if (index === undefined) {
        if (fits) added.set(lead.id, lead);
        else added.delete(lead.id);
      } else if (fits) {
        view.items[index] = lead;
        dropped.delete(index);
      } else dropped.add(index);
    }
    for (const index of [...dropped].sort((a, b) => b - a)) view.items.splice(index, 1);
    if (added.size > 0) {
      view.items.unshift(...[...added.values()].reverse());
      if (arrived) view.fresh.push(...added.keys());
    }
  }
  const open = leads.detail;
  if (!open?.data) return;
  for (const incoming of batch)
    if (incoming.id === open.id) open.data.lead = keepAssigneeName(incoming, open.data.lead);
}

/** An answer that names no assignee (an older server, another feature's push) keeps the name already shown. */
function keepAssigneeName(lead: LeadItem, shown: LeadItem | undefined): LeadItem {
  if (lead.assignedToName || !lead.assignedTo || shown?.assignedTo !== lead.assignedTo || !shown.assignedToName)
    return lead;
  return { ...lead, assignedToName: shown.assignedToName };
}

function removeLead(id: string): void {
  for (const view of Object.values(leads.views)) {
    const index = view.items.findIndex((item) => item.id === id);
    if (index >= 0) view.items.splice(index, 1);
  }
  if (leads.detail?.id === id) leads.detail = null;
}

export async function openLeadDetail(id: string): Promise<void> {
  leads.detail = { id, data: null, status: 'loading' };
  await refreshDetail(id);
}

async function refreshDetail(id: string): Promise<void> {
  try {
    const data = await api(`/api/leads/${id}`, { quiet: true });
    if (leads.detail?.id !== id) return;
    leads.detail.data = data;
    leads.detail.status = 'ready';
  } catch {
    if (leads.detail?.id === id && !leads.detail.data) leads.detail.status = 'failed';
  }
}

export function closeLeadDetail(): void {
  leads.detail = null;
}

/** PATCH /api/leads/:id; the answer is applied at once (the `lead:updated` that follows finds it already there). */
export async function updateLead(id: string, body: LeadUpdateBody): Promise<LeadDetail> {
  const detail = await api(`/api/leads/${id}`, { method: 'PATCH', body });
  applyLead(detail.lead);
  if (leads.detail?.id === id) leads.detail = { id, data: detail, status: 'ready' };
  return detail;
}

let followers = 0;
let unfollow: (() => void) | null = null;

/**
 * Every screen showing leads calls this (as an effect); one subscription serves them all. `lead:assigned` adds a
 * lead to the lists it belongs in, `lead:updated` moves or drops it (`leads:updated`: a batch of them, to campaign
 * owners), and the open panel re-reads its history.
 */
export function followLeads(): () => void {
  if (followers++ === 0) {
    const offAssigned = onLive(SocketEvents.leadAssigned, (lead) => applyLead(lead, true));
    const offUpdated = onLive(SocketEvents.leadUpdated, (payload) => {
      if ('removed' in payload) {
        removeLead(payload.id);
        return;
      }
      applyLead(payload);
      if (leads.detail?.id === payload.id) void refreshDetail(payload.id);
    });
    const offBatch = onLive(SocketEvents.leadsUpdated, ({ items }) => {
      applyLeads(items);
      const open = leads.detail?.id;
      if (open && items.some((lead) => lead.id === open)) void refreshDetail(open);
    });
    unfollow = () => {
      offAssigned();
      offUpdated();
      offBatch();
    };
  }
  return () => {
    if (--followers === 0) {
      unfollow?.();
      unfollow = null;
    }
  };
}
