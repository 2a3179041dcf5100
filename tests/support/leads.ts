import type { ObjectId } from 'mongodb';
import type { ImportStatus } from '../../shared/schemas/leads/import.js';
import { createCampaign, joinCampaign } from '../../server/features/campaigns/service.js';
import type { TestApp } from './app.js';
import { createUser, type CreatedUser } from './factories.js';
import { eventually } from './http.js';

export interface CampaignWithAgents {
  campaignId: string;
  campaignObjectId: ObjectId;
  owner: CreatedUser;
  agents: CreatedUser[];
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

/** An owner's active campaign and `agentCount` agents who joined it, all through the app's services. */
export async function createCampaignWithAgents(
  testApp: TestApp,
  agentCount: number,
  name = 'Hotel Accommodation',
): Promise<CampaignWithAgents> {
  const owner = await createUser(testApp, { role: 'owner', name: 'Olivia Owner' });
  const detail = await createCampaign(testApp.platform, owner.user, {
    name: `${name} ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Campaign for lead tests',
    status: 'active',
    roleNeeded: 'Both',
    payoutRange: '$500-$2500',
    commissionStructure: { opener: 10, closer: 15, fullStack: 30 },
  } as never);
  const agents = await inBatches(agentCount, 8, (i) => createUser(testApp, { name: `Agent ${i + 1}` }));
  await addAgents(testApp, detail.id, agents);
  return {
    campaignId: detail.id,
    campaignObjectId: (await import('mongodb')).ObjectId.createFromHexString(detail.id),
    owner,
    agents,
  };
}

export async function addAgents(testApp: TestApp, campaignId: string, agents: CreatedUser[]): Promise<void> {
  for (const agent of agents) await joinCampaign(testApp.platform, agent.user, campaignId);
}

/** A CSV of `rows` valid, distinct leads (name, email, phone, company, details columns), starting at `from`. */
export function leadsCsv(rows: number, from = 0, extra: string[] = []): string {
  const lines = ['Full Name,Email,Phone,Company,Preferred Hotel,Guests'];
  for (let i = from; i < from + rows; i++)
    lines.push(
      `Lead ${i},lead${i}@example.com,+1 (555) ${String(1_000_000 + i).slice(1, 4)}-${String(1_000_000 + i).slice(3)},Company ${i % 50},Hilton ${i % 7},${(i % 4) + 1}`,
    );
  lines.push(...extra);
  return `${lines.join('\n')}\n`;
}

export async function uploadCsv(
  testApp: TestApp,
  token: string | undefined,
  campaignId: string,
  content: string | Uint8Array,
  options: { fileName?: string; type?: string; mapping?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  form.append(
    'file',
    new Blob([content as BlobPart], { type: options.type ?? 'text/csv' }),
    options.fileName ?? 'leads.csv',
  );
  const res = await fetch(`${testApp.url}/api/campaigns/${campaignId}/leads/import`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function waitForImport(
  testApp: TestApp,
  token: string,
  importId: string,
  timeoutMs = 30_000,
): Promise<ImportStatus> {
  return eventually(async () => {
    const res = await fetch(`${testApp.url}/api/imports/${importId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as ImportStatus;
    return body.status === 'completed' || body.status === 'failed' ? body : undefined;
  }, timeoutMs);
}

/** Polls until `check` holds (e.g. every lead of a campaign is assigned). */
export async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => ((await check()) ? true : undefined), timeoutMs);
}
