import type { ClientList } from '../../../shared/schemas/clients/list.js';
import { api } from '../../api/client.js';

export interface FollowUp {
  id: string;
  /** The lead or client's name. */
  name: string;
  action: string;
  at: Date;
  campaignName: string;
  kind: 'lead' | 'client';
  phone?: string;
}

/** Enough pages for a working agent's follow-ups; the calendar says so when there may be more. */
const MAX_PAGES = 5;
const PAGE = 100;

/** `readPage(query)` asks for one page of the list; up to MAX_PAGES of them are read, following the cursor. */
async function allPages<T extends { nextCursor: string | null }>(readPage: (query: string) => Promise<T>): Promise<{ pages: T[]; complete: boolean }> {
  const pages: T[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page: T = await readPage(`limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(page);
    cursor = page.nextCursor;
    if (!cursor) return { pages, complete: true };
  }
  return { pages, complete: false };
}

/**
 * The viewer's follow-ups: leads' next actions (GET /api/leads) and clients' next actions (GET /api/clients),
 * the same person counted once (a client is a lead that progressed; its own date wins).
 */
export async function loadFollowUps(signal: AbortSignal): Promise<{ items: FollowUp[]; complete: boolean }> {
  const [leads, clients] = await Promise.all([
    allPages((query) => api(`/api/leads?${query}`, { signal, quiet: true })),
    allPages((query) => api(`/api/clients?${query}`, { signal, quiet: true })).catch(() => ({ pages: [] as ClientList[], complete: true })),
  ]);
  const byLead = new Map<string, FollowUp>();
  for (const page of leads.pages)
    for (const lead of page.items) {
      if (!lead.nextActionDate) continue;
      byLead.set(lead.id, {
        id: `lead-${lead.id}`,
        name: lead.name,
        action: lead.nextAction || 'Follow up',
        at: new Date(lead.nextActionDate),
        campaignName: lead.campaignName,
        kind: 'lead',
        phone: lead.phone,
      });
    }
  for (const page of clients.pages)
    for (const client of page.items) {
      if (!client.nextActionDate) continue;
      byLead.set(client.leadId, {
        id: `client-${client.id}`,
        name: client.name,
        action: client.nextAction || 'Follow up',
        at: new Date(client.nextActionDate),
        campaignName: client.campaignName,
        kind: 'client',
        phone: client.phone,
      });
    }
  const items = [...byLead.values()].filter((item) => !Number.isNaN(item.at.getTime())).sort((a, b) => a.at.getTime() - b.at.getTime());
  return { items, complete: leads.complete && clients.complete };
}
