import { proxy, useSnapshot } from 'valtio';
import type { LeadStage } from '../../../shared/constants.js';
import { SocketEvents, type LeadUpdatedPayload } from '../../../shared/events.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { api } from '../../api/client.js';
import { onLive } from '../../live/socket.js';

export type StageFilter = 'All' | LeadStage;

interface OverviewLeadsState {
  campaignId: string | null;
  stage: StageFilter;
  items: LeadItem[];
  nextCursor: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The campaign has no lead left to hand out (and this agent has none of it). */
  poolEmpty: boolean;
}

const PAGE = 25;

/** "Your Current Leads" of the overview: the viewer's leads of the active campaign, one stage at a time. */
const nothingShown = (): OverviewLeadsState => ({
  campaignId: null,
  stage: 'All',
  items: [],
  nextCursor: null,
  status: 'idle',
  poolEmpty: false,
});

export const overviewLeads = proxy<OverviewLeadsState>(nothingShown());

export const useOverviewLeads = () => useSnapshot(overviewLeads);

let request = 0;

function listUrl(campaignId: string, stage: StageFilter, cursor?: string) {
  const params = new URLSearchParams({ campaignId, limit: String(PAGE) });
  if (stage !== 'All') params.set('stage', stage);
  if (cursor) params.set('cursor', cursor);
  return `/api/leads?${params}` as const;
}

export async function showLeads(campaignId: string, stage: StageFilter): Promise<void> {
  const mine = ++request;
  overviewLeads.campaignId = campaignId;
  overviewLeads.stage = stage;
  overviewLeads.status = 'loading';
  try {
    const page = await api(listUrl(campaignId, stage), { quiet: true });
    if (mine !== request) return;
    overviewLeads.items = page.items;
    overviewLeads.nextCursor = page.nextCursor;
    overviewLeads.poolEmpty = page.poolEmpty ?? false;
    overviewLeads.status = 'ready';
  } catch {
    if (mine === request) overviewLeads.status = 'failed';
  }
}

export async function showMoreLeads(): Promise<void> {
  const { campaignId, stage, nextCursor } = overviewLeads;
  if (!campaignId || !nextCursor) return;
  const mine = request;
  const page = await api(listUrl(campaignId, stage, nextCursor));
  if (mine !== request) return;
  const known = new Set(overviewLeads.items.map((lead) => lead.id));
  overviewLeads.items.push(...page.items.filter((lead) => !known.has(lead.id)));
  overviewLeads.nextCursor = page.nextCursor;
}

function belongs(lead: LeadItem): boolean {
  return (
    lead.campaignId === overviewLeads.campaignId &&
    (overviewLeads.stage === 'All' || lead.stage === overviewLeads.stage)
  );
}

function applyUpdate(payload: LeadUpdatedPayload): void {
  const index = overviewLeads.items.findIndex((item) => item.id === payload.id);
  if ('removed' in payload || !belongs(payload)) {
    if (index >= 0) overviewLeads.items.splice(index, 1);
    return;
  }
  if (index >= 0) overviewLeads.items[index] = payload;
  else overviewLeads.items.unshift(payload);
}

/** New and changed leads arrive over the socket; the list follows without a reload. */
export function followOverviewLeads(): () => void {
  // Another account may have used this tab before: start from nothing.
  Object.assign(overviewLeads, nothingShown());
  const offAssigned = onLive(SocketEvents.leadAssigned, (lead) => {
    if (belongs(lead) && !overviewLeads.items.some((item) => item.id === lead.id)) overviewLeads.items.unshift(lead);
  });
  const offUpdated = onLive(SocketEvents.leadUpdated, applyUpdate);
  // A campaign owner gets distribution and the sweep as batches.
  const offBatch = onLive(SocketEvents.leadsUpdated, ({ items }) => items.forEach(applyUpdate));
  return () => {
    offAssigned();
    offUpdated();
    offBatch();
  };
}
