import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientItem } from '../../shared/schemas/clients/client.js';
import type { LeadDetail, LeadItem } from '../../shared/schemas/leads/lead.js';
import { LeadMessages } from '../../shared/schemas/leads/lead.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { ObjectId } from 'mongodb';
import { client } from '../support/http.js';
import {
  addAgents,
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
let alice: CreatedUser;
let bob: CreatedUser;
let aliceLead: LeadItem;
let importId: string;

type Page = { items: LeadItem[]; nextCursor: string | null };

beforeAll(async () => {
  testApp = await buildTestApp();
  http = client(testApp.url);
  campaign = await createCampaignWithAgents(testApp, 2);
  [alice, bob] = campaign.agents;
  const res = await uploadCsv(
    testApp,
    campaign.owner.accessToken,
    campaign.campaignId,
    leadsCsv(10, 0, ['Bad Row,,,,,']),
  );
  importId = res.body.importId as string;
  await waitForImport(testApp, campaign.owner.accessToken, importId);
  await until(async () => (await leadsCollection(testApp.platform.db).countDocuments({ assignedTo: null })) === 0);
  aliceLead = (await http.get<Page>('/api/leads', { token: alice.accessToken })).body.items[0];
});
afterAll(() => testApp?.close());

describe('who sees which lead', () => {
  it("agents list only their own leads; owners their campaigns'; admins all", async () => {
    const mine = await http.get<Page>('/api/leads?limit=100', { token: alice.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(5);
    expect(mine.body.items.every((l) => l.assignedTo === alice.user._id.toHexString())).toBe(true);
    // Searching for one of Bob's leads by name finds nothing for Alice.
    const bobs = (await http.get<Page>('/api/leads', { token: bob.accessToken })).body.items[0];
    expect(
      (await http.get<Page>(`/api/leads?search=${encodeURIComponent(bobs.name)}`, { token: alice.accessToken })).body
        .items,
    ).toEqual([]);

    expect(
      (await http.get<Page>('/api/leads?limit=100', { token: campaign.owner.accessToken })).body.items,
    ).toHaveLength(10);
    const otherOwner = await createUser(testApp, { role: 'owner' });
    expect((await http.get<Page>('/api/leads', { token: otherOwner.accessToken })).body.items).toEqual([]);
    const admin = await createUser(testApp, { role: 'admin' });
    expect(
      (await http.get<Page>('/api/leads?limit=100', { token: admin.accessToken })).body.items.length,
    ).toBeGreaterThanOrEqual(10);
    expect((await http.get(`/api/leads/${aliceLead.id}`, { token: otherOwner.accessToken })).status).toBe(404);
    expect((await http.get(`/api/leads/${aliceLead.id}`, { token: admin.accessToken })).status).toBe(200);
  });

  it("an agent gets 404 for another agent's lead on every lead route, and changes nothing", async () => {
    const notFound = { error: LeadMessages.notFound, code: 'NOT_FOUND' };
    const read = await http.get(`/api/leads/${aliceLead.id}`, { token: bob.accessToken });
    expect(read.status).toBe(404);
    expect(read.body).toEqual(notFound);
    const change = await http.patch(
      `/api/leads/${aliceLead.id}`,
      { disposition: 'Rejected', notes: 'mine now' },
      { token: bob.accessToken },
    );
    expect(change.status).toBe(404);
    expect(change.body).toEqual(notFound);
    const stored = await leadsCollection(testApp.platform.db).findOne({ name: aliceLead.name });
    expect(stored).toMatchObject({ disposition: 'New', assignedTo: alice.user._id });
    expect(stored!.notes).toBeUndefined();
    // Not a valid id, or no such lead: the same answer.
    expect((await http.get('/api/leads/not-an-id', { token: bob.accessToken })).status).toBe(404);
    expect(
      (await http.patch('/api/leads/0123456789abcdef01234567', { notes: 'x' }, { token: bob.accessToken })).status,
    ).toBe(404);
    // Imports and their reports are for owners and admins: an agent is refused at the door, before any lookup.
    expect((await http.get(`/api/imports/${importId}`, { token: bob.accessToken })).status).toBe(403);
    expect(
      (
        await fetch(`${testApp.url}/api/imports/${importId}/rejected.csv`, {
          headers: { authorization: `Bearer ${bob.accessToken}` },
        })
      ).status,
    ).toBe(403);
    expect((await http.get(`/api/imports/${importId}`, { token: campaign.owner.accessToken })).body).toMatchObject({
      imported: 10,
      skipped: 1,
    });
    // Request Leads: agents of the campaign only.
    const outsider = await createUser(testApp);
    expect(
      (
        await http.post(
          '/api/leads/request',
          { campaignId: campaign.campaignId, count: 1 },
          { token: outsider.accessToken },
        )
      ).body,
    ).toMatchObject({ error: LeadMessages.notMember, code: 'FORBIDDEN' });
    expect(
      (
        await http.post(
          '/api/leads/request',
          { campaignId: campaign.campaignId, count: 1 },
          { token: campaign.owner.accessToken },
        )
      ).status,
    ).toBe(403);
    // Clients of another agent's lead.
    await http.patch(`/api/leads/${aliceLead.id}`, { disposition: 'Potential' }, { token: alice.accessToken });
    const clients = await http.get<{ items: ClientItem[] }>('/api/clients', { token: alice.accessToken });
    const aliceClient = clients.body.items[0];
    expect(aliceClient).toMatchObject({
      leadId: aliceLead.id,
      stage: 'Qualified',
      status: 'active',
      progress: 40,
      campaignId: campaign.campaignId,
    });
    expect((await http.get<{ items: ClientItem[] }>('/api/clients', { token: bob.accessToken })).body.items).toEqual(
      [],
    );
    expect(
      (await http.patch(`/api/clients/${aliceClient.id}`, { progress: 90 }, { token: bob.accessToken })).status,
    ).toBe(404);
    // Without a session: 401 everywhere.
    const routes = [
      ['GET', '/api/leads', undefined],
      ['GET', `/api/leads/${aliceLead.id}`, undefined],
      ['PATCH', `/api/leads/${aliceLead.id}`, { notes: 'x' }],
      ['POST', '/api/leads/request', { campaignId: campaign.campaignId, count: 1 }],
      ['GET', '/api/clients', undefined],
      ['PATCH', `/api/clients/${aliceClient.id}`, { progress: 1 }],
      ['GET', `/api/imports/${importId}`, undefined],
      ['GET', `/api/imports/${importId}/rejected.csv`, undefined],
    ] as const;
    for (const [method, path, body] of routes) {
      const res = await fetch(`${testApp.url}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('working a lead', () => {
  it('moves the stage with the disposition, sets Proposal directly, and writes the history', async () => {
    const lead = (await http.get<Page>('/api/leads?disposition=New', { token: bob.accessToken })).body.items[0];
    const answered = await http.patch<LeadDetail>(
      `/api/leads/${lead.id}`,
      { disposition: 'Answered', notes: 'Call back after 5', nextAction: 'Send offer', nextActionDate: '2030-01-15' },
      { token: bob.accessToken },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.lead).toMatchObject({
      disposition: 'Answered',
      stage: 'Contacted',
      notes: 'Call back after 5',
      nextAction: 'Send offer',
      nextActionDate: '2030-01-15T00:00:00.000Z',
    });
    expect(answered.body.lead.lastContactAt).toBeDefined();
    const proposal = await http.patch<LeadDetail>(
      `/api/leads/${lead.id}`,
      { stage: 'Proposal' },
      { token: bob.accessToken },
    );
    expect(proposal.body.lead).toMatchObject({ disposition: 'Answered', stage: 'Proposal' });
    const detail = await http.get<LeadDetail>(`/api/leads/${lead.id}`, { token: bob.accessToken });
    expect(detail.body.history.map((h) => h.change)).toEqual([
      'Imported from leads.csv',
      'Assigned by distribution',
      'Status changed from New to Answered',
      'Stage changed from New to Contacted',
      'Notes updated',
      'Next action: Send offer',
      'Next action date set to 2030-01-15',
      'Stage changed from Contacted to Proposal',
    ]);
    expect(detail.body.history[2]).toMatchObject({ by: bob.user._id.toHexString(), byName: bob.user.name });
    // Proposal makes a client too; Closed completes it.
    await http.patch(`/api/leads/${lead.id}`, { disposition: 'Closed' }, { token: bob.accessToken });
    const clients = await http.get<{ items: ClientItem[] }>(`/api/clients?campaignId=${campaign.campaignId}`, {
      token: bob.accessToken,
    });
    expect(clients.body.items[0]).toMatchObject({
      leadId: lead.id,
      stage: 'Closed',
      status: 'completed',
      progress: 100,
    });
    const edited = await http.patch<ClientItem>(
      `/api/clients/${clients.body.items[0].id}`,
      { progress: 95, status: 'paused', nextAction: 'Upsell', nextActionDate: '2030-02-01T10:00:00Z' },
      { token: bob.accessToken },
    );
    expect(edited.body).toMatchObject({
      progress: 95,
      status: 'paused',
      nextAction: 'Upsell',
      nextActionDate: '2030-02-01T10:00:00.000Z',
    });
    expect(
      (await http.patch(`/api/clients/${clients.body.items[0].id}`, { progress: 101 }, { token: bob.accessToken }))
        .status,
    ).toBe(400);
  });

  it('refuses other stages, empty changes and bad dates', async () => {
    const lead = (await http.get<Page>('/api/leads', { token: bob.accessToken })).body.items[0];
    const stage = await http.patch(`/api/leads/${lead.id}`, { stage: 'Closed' }, { token: bob.accessToken });
    expect(stage.status).toBe(400);
    expect(stage.body.error).toBe(LeadMessages.stageDirect);
    expect((await http.patch(`/api/leads/${lead.id}`, {}, { token: bob.accessToken })).body.error).toBe(
      LeadMessages.nothingToChange,
    );
    expect(
      (await http.patch(`/api/leads/${lead.id}`, { nextActionDate: 'tomorrow' }, { token: bob.accessToken })).body
        .error,
    ).toBe(LeadMessages.badDate);
    expect(
      (await http.patch(`/api/leads/${lead.id}`, { disposition: 'Maybe' }, { token: bob.accessToken })).body.error,
    ).toBe('Please choose a lead status.');
  });

  it('filters, searches (name, e-mail, phone, company) and pages on the server', async () => {
    const token = campaign.owner.accessToken;
    const first = await http.get<Page>('/api/leads?limit=4', { token });
    expect(first.body.items).toHaveLength(4);
    const second = await http.get<Page>(`/api/leads?limit=4&cursor=${first.body.nextCursor}`, { token });
    const third = await http.get<Page>(`/api/leads?limit=4&cursor=${second.body.nextCursor}`, { token });
    expect(third.body.items).toHaveLength(2);
    expect(third.body.nextCursor).toBeNull();
    expect(new Set([...first.body.items, ...second.body.items, ...third.body.items].map((l) => l.id)).size).toBe(10);

    const search = async (q: string) =>
      (await http.get<Page>(`/api/leads?search=${encodeURIComponent(q)}`, { token })).body.items.map((l) => l.name);
    expect(await search('lead 3')).toEqual(['Lead 3']);
    expect(await search('LEAD7@EXAMPLE')).toEqual(['Lead 7']);
    expect(await search('(555) 000-0004')).toEqual(['Lead 4']);
    expect((await search('company 2')).sort()).toEqual(['Lead 2']);
    expect(await search('.*')).toEqual([]);
    const potentials = await http.get<Page>(`/api/leads?campaignId=${campaign.campaignId}&disposition=Potential`, {
      token,
    });
    expect(potentials.body.items.map((l) => l.id)).toEqual([aliceLead.id]);
    const closed = await http.get<Page>('/api/leads?stage=Closed', { token });
    expect(closed.body.items).toHaveLength(1);
  });

  it('tells an agent with no leads that every lead of the campaign is assigned, only when none waits to be handed out', async () => {
    const carol = await createUser(testApp, { name: 'Carol Newcomer' });
    await addAgents(testApp, campaign.campaignId, [carol]);
    const list = (token: string, query = '') =>
      http.get<Page & { poolEmpty?: boolean }>(`/api/leads?campaignId=${campaign.campaignId}${query}`, { token });
    expect((await list(carol.accessToken)).body).toEqual({ items: [], nextCursor: null, poolEmpty: true });
    // A filter that matches nothing is not the campaign's fault, and an agent with leads needs no reason.
    expect((await list(carol.accessToken, '&stage=New')).body.poolEmpty).toBeUndefined();
    expect((await list(alice.accessToken)).body.poolEmpty).toBeUndefined();
    // A lead back in the pool (not yet handed out) takes the reason away.
    await leadsCollection(testApp.platform.db).insertOne({
      ...(await leadsCollection(testApp.platform.db).findOne({ campaignId: new ObjectId(campaign.campaignId) }))!,
      _id: new ObjectId(),
      phone: '15550009999',
      email: 'pooled@example.test',
      assignedTo: null,
      pool: true,
    });
    expect((await list(carol.accessToken)).body.poolEmpty).toBeUndefined();
  });
});
