import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientItem } from '../../shared/schemas/clients/client.js';
import type { FollowUpList } from '../../shared/schemas/follow-ups/list.js';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';
import {
  createCampaignWithAgents,
  leadsCsv,
  until,
  uploadCsv,
  waitForImport,
  type CampaignWithAgents,
} from '../support/leads.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
let campaign: CampaignWithAgents;
let campaignName: string;
let alice: CreatedUser;
let bob: CreatedUser;
let aliceLeads: LeadItem[];
let bobLead: LeadItem;
let aliceClient: ClientItem;

const followUps = async (token: string) => {
  const res = await http.get<FollowUpList>('/api/follow-ups', { token });
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  testApp = await buildTestApp();
  http = client(testApp.url);
  campaign = await createCampaignWithAgents(testApp, 2);
  [alice, bob] = campaign.agents;
  const upload = await uploadCsv(testApp, campaign.owner.accessToken, campaign.campaignId, leadsCsv(6));
  await waitForImport(testApp, campaign.owner.accessToken, upload.body.importId as string);
  await until(
    async () =>
      (await leadsCollection(testApp.platform.db).countDocuments({
        campaignId: campaign.campaignObjectId,
        assignedTo: null,
      })) === 0,
  );
  aliceLeads = (await http.get<{ items: LeadItem[] }>('/api/leads', { token: alice.accessToken })).body.items;
  bobLead = (await http.get<{ items: LeadItem[] }>('/api/leads', { token: bob.accessToken })).body.items[0];
  campaignName = bobLead.campaignName;

  // Alice: one lead with a next action, one that became a client whose own next action replaces the lead's, one without.
  await http.patch(
    `/api/leads/${aliceLeads[0].id}`,
    { nextAction: 'Send offer', nextActionDate: '2030-01-15' },
    { token: alice.accessToken },
  );
  await http.patch(
    `/api/leads/${aliceLeads[1].id}`,
    { disposition: 'Potential', nextActionDate: '2030-01-10' },
    { token: alice.accessToken },
  );
  aliceClient = (await http.get<{ items: ClientItem[] }>('/api/clients', { token: alice.accessToken })).body.items[0];
  await http.patch(
    `/api/clients/${aliceClient.id}`,
    { nextAction: 'Upsell', nextActionDate: '2030-02-01T10:00:00Z' },
    { token: alice.accessToken },
  );
  // Bob: one lead with a date and no action text.
  await http.patch(`/api/leads/${bobLead.id}`, { nextActionDate: '2030-01-12T09:30:00Z' }, { token: bob.accessToken });
});
afterAll(() => testApp?.close());

describe('GET /api/follow-ups', () => {
  it("an agent gets their own leads' and clients' next actions, earliest first, a client in place of its lead", async () => {
    const mine = await followUps(alice.accessToken);
    expect(mine).toEqual({
      complete: true,
      items: [
        {
          id: `lead-${aliceLeads[0].id}`,
          kind: 'lead',
          name: aliceLeads[0].name,
          action: 'Send offer',
          at: '2030-01-15T00:00:00.000Z',
          campaignName,
          phone: aliceLeads[0].phone,
        },
        {
          id: `client-${aliceClient.id}`,
          kind: 'client',
          name: aliceClient.name,
          action: 'Upsell',
          at: '2030-02-01T10:00:00.000Z',
          campaignName,
          phone: aliceClient.phone,
        },
      ],
    });
    expect(aliceClient.leadId).toBe(aliceLeads[1].id);
  });

  it("another agent's follow-ups never appear", async () => {
    const bobs = await followUps(bob.accessToken);
    expect(bobs).toEqual({
      complete: true,
      items: [
        {
          id: `lead-${bobLead.id}`,
          kind: 'lead',
          name: bobLead.name,
          at: '2030-01-12T09:30:00.000Z',
          campaignName,
          phone: bobLead.phone,
        },
      ],
    });
    const aliceIds = new Set((await followUps(alice.accessToken)).items.map((item) => item.id));
    expect(bobs.items.some((item) => aliceIds.has(item.id))).toBe(false);
    expect((await followUps((await createUser(testApp)).accessToken)).items).toEqual([]);
  });

  it("owners see their campaigns' follow-ups, admins everyone's; without a session 401", async () => {
    const expected = [`client-${aliceClient.id}`, `lead-${aliceLeads[0].id}`, `lead-${bobLead.id}`].sort();
    expect((await followUps(campaign.owner.accessToken)).items.map((item) => item.id).sort()).toEqual(expected);
    expect((await followUps((await createUser(testApp, { role: 'owner' })).accessToken)).items).toEqual([]);
    const all = (await followUps((await createUser(testApp, { role: 'admin' })).accessToken)).items.map(
      (item) => item.id,
    );
    expect(all).toEqual(expect.arrayContaining(expected));
    expect((await fetch(`${testApp.url}/api/follow-ups`)).status).toBe(401);
  });
});
