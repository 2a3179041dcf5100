import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SocketEvents,
  type LeadAssignedPayload,
  type LeadsUpdatedPayload,
  type LeadUpdatedPayload,
  type NotificationCountPayload,
} from '../../shared/events.js';
import type { NotificationItem } from '../../shared/schemas/notifications/list.js';
import { LEAD_BATCH } from '../../server/features/leads/distribution.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client } from '../support/http.js';
import { createCampaignWithAgents, leadsCsv, until, uploadCsv, type CampaignWithAgents } from '../support/leads.js';

let testApp: TestApp;
let campaign: CampaignWithAgents;

beforeAll(async () => {
  testApp = await buildTestApp();
  campaign = await createCampaignWithAgents(testApp, 50);
}, 120_000);
afterAll(() => testApp?.close());

describe('live lead distribution', () => {
  it('50 connected agents, 1,000 leads: each receives exactly its own lead:assigned and notifications; the owner sees every assignment', async () => {
    const ownerSocket = await testApp.socket(campaign.owner.accessToken);
    const ownerSaw: LeadUpdatedPayload[] = [];
    const ownerBatches: number[] = [];
    ownerSocket.on(SocketEvents.leadUpdated, (p: LeadUpdatedPayload) =>
      ownerSaw.push({ id: `single lead:updated ${p.id}`, removed: true }),
    );
    ownerSocket.on(SocketEvents.leadsUpdated, (p: LeadsUpdatedPayload) => {
      ownerBatches.push(p.items.length);
      ownerSaw.push(...p.items);
    });
    ownerSocket.on(SocketEvents.leadAssigned, () =>
      ownerSaw.push({ id: 'lead:assigned reached the owner', removed: true }),
    );
    const received = new Map<string, { leads: LeadAssignedPayload[]; notes: NotificationItem[]; lastCount: number }>();
    for (const agent of campaign.agents) {
      const id = agent.user._id.toHexString();
      const socket = await testApp.socket(agent.accessToken);
      const box = { leads: [] as LeadAssignedPayload[], notes: [] as NotificationItem[], lastCount: 0 };
      received.set(id, box);
      socket.on(SocketEvents.leadAssigned, (lead: LeadAssignedPayload) => box.leads.push(lead));
      socket.on(SocketEvents.notificationNew, (n: NotificationItem) => box.notes.push(n));
      socket.on(
        SocketEvents.notificationCount,
        (c: NotificationCountPayload) => (box.lastCount = Math.max(box.lastCount, c.unread)),
      );
    }

    const res = await uploadCsv(testApp, campaign.owner.accessToken, campaign.campaignId, leadsCsv(1_000));
    expect(res.status).toBe(202);
    const total = () => [...received.values()].reduce((sum, box) => sum + box.leads.length, 0);
    await until(async () => total() === 1_000, 60_000);
    // The bell: the leads of a distribution run come as one notification per agent ("20 new leads in ...").
    const announced = (notes: NotificationItem[]) =>
      notes.reduce((sum, note) => sum + (note.title === 'New lead assigned' ? 1 : Number.parseInt(note.body, 10)), 0);
    await until(async () => [...received.values()].every((box) => announced(box.notes) === 20), 60_000);
    await new Promise((r) => setTimeout(r, 300));

    const db = testApp.platform.db;
    const notifications = db.collection('notifications');
    for (const agent of campaign.agents) {
      const id = agent.user._id.toHexString();
      const box = received.get(id)!;
      const inDb = await leadsCollection(db)
        .find({ assignedTo: agent.user._id }, { projection: { _id: 1 } })
        .toArray();
      expect(box.leads).toHaveLength(20);
      // Exactly its own leads, each once, none of anyone else's.
      expect(box.leads.every((lead) => lead.assignedTo === id && lead.campaignId === campaign.campaignId)).toBe(true);
      expect(box.leads.map((l) => l.id).sort()).toEqual(inDb.map((l) => l._id.toHexString()).sort());
      // Far fewer notifications than leads, and the live count equals the database's unread count.
      expect(
        box.notes.every((n) => n.type === 'lead-assigned' && /^(New leads assigned|New lead assigned)$/.test(n.title)),
      ).toBe(true);
      expect(box.notes.length).toBeLessThanOrEqual(Math.ceil(1_000 / LEAD_BATCH));
      const unread = await notifications.countDocuments({ userId: agent.user._id, readAt: null });
      expect(unread).toBe(box.notes.length);
      expect(box.lastCount).toBe(unread);
    }

    // The owner's open screens follow distribution, in batches: every lead once, with its assignee and their name.
    await until(async () => ownerSaw.length >= 1_000, 30_000);
    expect(ownerSaw).toHaveLength(1_000);
    expect(ownerBatches.length).toBeLessThanOrEqual(Math.ceil(1_000 / LEAD_BATCH));
    const names = new Map(campaign.agents.map((a) => [a.user._id.toHexString(), a.user.name]));
    for (const seen of ownerSaw) {
      expect('removed' in seen).toBe(false);
      if ('removed' in seen) continue;
      expect(seen.campaignId).toBe(campaign.campaignId);
      expect(seen.assignedToName).toBe(names.get(seen.assignedTo!));
    }
    expect(new Set(ownerSaw.map((p) => p.id)).size).toBe(1_000);
    // The list the owner loads names the assignee too; an agent's own list as well.
    const http = client(testApp.url);
    type Listed = { id: string; assignedTo?: string; assignedToName?: string };
    const ownerList = await http.get<{ items: Listed[] }>(`/api/leads?campaignId=${campaign.campaignId}&limit=100`, {
      token: campaign.owner.accessToken,
    });
    expect(ownerList.status).toBe(200);
    const items = ownerList.body.items;
    expect(items).toHaveLength(100);
    expect(items.every((item) => item.assignedTo && item.assignedToName === names.get(item.assignedTo))).toBe(true);
    const one = await http.get<{ lead: Listed }>(`/api/leads/${items[0].id}`, { token: campaign.owner.accessToken });
    expect(one.body.lead.assignedToName).toBe(names.get(items[0].assignedTo!));
  }, 120_000);

  it('250 leads: the owner gets a few leads:updated batches carrying each lead once; each agent one lead:assigned per lead', async () => {
    const small = await createCampaignWithAgents(testApp, 5);
    const ownerSocket = await testApp.socket(small.owner.accessToken);
    const batches: LeadsUpdatedPayload[] = [];
    const ownerSingles: LeadUpdatedPayload[] = [];
    ownerSocket.on(SocketEvents.leadsUpdated, (p: LeadsUpdatedPayload) => batches.push(p));
    ownerSocket.on(SocketEvents.leadUpdated, (p: LeadUpdatedPayload) => ownerSingles.push(p));
    const perAgent = new Map<string, LeadAssignedPayload[]>();
    for (const agent of small.agents) {
      const box: LeadAssignedPayload[] = [];
      perAgent.set(agent.user._id.toHexString(), box);
      (await testApp.socket(agent.accessToken)).on(SocketEvents.leadAssigned, (lead: LeadAssignedPayload) =>
        box.push(lead),
      );
    }

    const res = await uploadCsv(testApp, small.owner.accessToken, small.campaignId, leadsCsv(250, 50_000));
    expect(res.status).toBe(202);
    const ownerTotal = () => batches.reduce((sum, b) => sum + b.items.length, 0);
    const agentTotal = () => [...perAgent.values()].reduce((sum, box) => sum + box.length, 0);
    await until(async () => ownerTotal() >= 250 && agentTotal() >= 250, 60_000);
    await new Promise((r) => setTimeout(r, 300));

    expect(batches.length).toBeGreaterThan(0);
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(250 / LEAD_BATCH));
    expect(ownerSingles).toEqual([]);
    const items = batches.flatMap((b) => b.items);
    expect(items).toHaveLength(250);
    const inDb = await leadsCollection(testApp.platform.db)
      .find({ campaignId: small.campaignObjectId }, { projection: { assignedTo: 1 } })
      .toArray();
    expect(new Set(items.map((i) => i.id))).toEqual(new Set(inDb.map((l) => l._id.toHexString())));
    const names = new Map(small.agents.map((a) => [a.user._id.toHexString(), a.user.name]));
    const assignee = new Map(inDb.map((l) => [l._id.toHexString(), l.assignedTo!.toHexString()]));
    for (const item of items) {
      expect(item.assignedTo).toBe(assignee.get(item.id));
      expect(item.assignedToName).toBe(names.get(item.assignedTo!));
    }
    // The agents' side is unchanged: one lead:assigned per lead, to its assignee only.
    expect(agentTotal()).toBe(250);
    for (const [id, box] of perAgent) {
      expect(box).toHaveLength(50);
      expect(box.every((lead) => lead.assignedTo === id)).toBe(true);
    }
  }, 120_000);

  it('a disposition change reaches every tab of the agent and the campaign owner, and nobody else', async () => {
    const [agent, other] = campaign.agents;
    const lead = await leadsCollection(testApp.platform.db).findOne({ assignedTo: agent.user._id });
    const tabs = await Promise.all([
      testApp.socket(agent.accessToken),
      testApp.socket(agent.accessToken),
      testApp.socket(campaign.owner.accessToken),
    ]);
    const outsider = await testApp.socket(other.accessToken);
    const seenByOutsider: unknown[] = [];
    outsider.on(SocketEvents.leadUpdated, (p) => seenByOutsider.push(p));
    const updates = tabs.map(
      (s) => new Promise<LeadUpdatedPayload>((resolve) => s.once(SocketEvents.leadUpdated, resolve)),
    );

    const res = await client(testApp.url).patch(
      `/api/leads/${lead!._id.toHexString()}`,
      { disposition: 'Potential' },
      { token: agent.accessToken },
    );
    expect(res.status).toBe(200);
    for (const update of await Promise.all(updates))
      expect(update).toMatchObject({ id: lead!._id.toHexString(), disposition: 'Potential', stage: 'Qualified' });
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByOutsider).toEqual([]);
  });
});
