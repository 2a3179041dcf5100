import { ObjectId, type CommandStartedEvent } from 'mongodb';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';
import { assignRoleDirectly } from '../../server/features/auth/accounts.js';
import { updateCampaign } from '../../server/features/campaigns/repository.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { deleteUser, endAccessTokens, setPasswordAndEndSessions } from '../../server/features/users/repository.js';
import { announceChange, cachedById } from '../../server/platform/node-cache.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client } from '../support/http.js';
import {
  createCampaignWithAgents,
  leadsCsv,
  until,
  uploadCsv,
  waitForImport,
  type CampaignWithAgents,
} from '../support/leads.js';

type Page = { items: LeadItem[]; nextCursor: string | null };

let nodeA: TestApp;
let nodeB: TestApp;
let campaign: CampaignWithAgents;
const commands: CommandStartedEvent[] = [];
const NOT_A_ROUND_TRIP_OF_THE_REQUEST = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'endSessions']);

beforeAll(async () => {
  // Node B's driver reports every command it sends, so a request's round trips can be counted.
  const id = Math.random().toString(36).slice(2, 10);
  const mongoUrl = new URL(inject('mongoUrl'));
  mongoUrl.pathname = `/cw_test_cache_${id}`;
  mongoUrl.searchParams.set('monitorCommands', 'true');
  nodeA = await buildTestApp({ env: { MONGO_URL: mongoUrl.toString() } });
  nodeB = await buildTestApp({ workers: false, nodeOf: nodeA, env: { MONGO_URL: mongoUrl.toString() } });
  nodeB.platform.db.client.on('commandStarted', (event: CommandStartedEvent) => commands.push(event));
  campaign = await createCampaignWithAgents(nodeA, 2);
  const upload = await uploadCsv(nodeA, campaign.owner.accessToken, campaign.campaignId, leadsCsv(30, 0));
  await waitForImport(nodeA, campaign.owner.accessToken, upload.body.importId as string);
  await until(async () => (await leadsCollection(nodeA.platform.db).countDocuments({ assignedTo: null })) === 0);
});

afterAll(async () => {
  await nodeB?.close({ keepData: true });
  await nodeA?.close();
});

/** The commands node B's driver sent while `request` ran, by name and collection. */
async function roundTrips(request: () => Promise<unknown>): Promise<string[]> {
  commands.length = 0;
  await request();
  return commands
    .filter((c) => !NOT_A_ROUND_TRIP_OF_THE_REQUEST.has(c.commandName))
    .map((c) => `${c.commandName} ${String(c.command[c.commandName])}`);
}

function handshake(url: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectSocket(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe('GET /api/leads: database round trips per page', () => {
  it('an agent, an owner and an admin each get a page in at most 2 round trips once the node knows the names', async () => {
    const admin = await createUser(nodeA, { role: 'admin' });
    const http = client(nodeB.url);
    const viewers = [
      ['agent', campaign.agents[0].accessToken],
      ['owner', campaign.owner.accessToken],
      ['admin', admin.accessToken],
    ] as const;
    for (const [who, token] of viewers) {
      const first = await http.get<Page>('/api/leads', { token });
      expect(first.status, who).toBe(200);
      let page: Page | undefined;
      const trips = await roundTrips(async () => {
        page = (await http.get<Page>('/api/leads', { token })).body;
      });
      expect(trips.length, `${who}: ${trips.join(', ')}`).toBeLessThanOrEqual(2);
      expect(trips, who).toContain('find leads');
      expect(page!.items.length, who).toBeGreaterThan(0);
      expect(
        page!.items.every((lead) => lead.campaignName === first.body.items[0].campaignName),
        who,
      ).toBe(true);
      expect(page!.items).toEqual(first.body.items);
    }
    // The admin's page names both agents: the names came from the cache, and are the agents' names.
    const adminPage = (await http.get<Page>('/api/leads?limit=30', { token: admin.accessToken })).body;
    const names = new Set(adminPage.items.map((lead) => lead.assignedToName));
    expect(names).toEqual(new Set(campaign.agents.map((agent) => agent.user.name)));
  });

  it('a campaign renamed through node A shows its new name on node B at once', async () => {
    const http = client(nodeB.url);
    const token = campaign.agents[0].accessToken;
    expect((await http.get<Page>('/api/leads', { token })).body.items[0].campaignName).not.toBe('Renamed Campaign');
    await updateCampaign(nodeA.platform.db, new ObjectId(campaign.campaignId), { name: 'Renamed Campaign' });
    expect((await http.get<Page>('/api/leads', { token })).body.items[0].campaignName).toBe('Renamed Campaign');
  });
});

describe('revocation with the caches on, across two nodes', () => {
  it('a role change made on node A is what node B answers with on the next request', async () => {
    const user = await createUser(nodeA);
    const onB = client(nodeB.url);
    expect((await onB.get<{ role: string }>('/api/me', { token: user.accessToken })).body.role).toBe('sales');
    await assignRoleDirectly(nodeA.platform, user.user._id, 'owner');
    expect((await onB.get<{ role: string }>('/api/me', { token: user.accessToken })).body.role).toBe('owner');
  });

  for (const [what, revoke] of [
    ['ended sessions', (db: TestApp['platform']['db'], id: ObjectId) => endAccessTokens(db, id)],
    [
      'a password change',
      (db: TestApp['platform']['db'], id: ObjectId) => setPasswordAndEndSessions(db, id, 'scrypt$not-a-real-hash'),
    ],
    ['a deletion', (db: TestApp['platform']['db'], id: ObjectId) => deleteUser(db, id)],
  ] as const) {
    it(`${what} on node A refuses the old token on node B at once, on HTTP and on the socket handshake`, async () => {
      const user = await createUser(nodeA);
      const onB = client(nodeB.url);
      expect((await onB.get('/api/me', { token: user.accessToken })).status).toBe(200);
      expect(await handshake(nodeB.url, user.accessToken)).toBe('connected');
      await revoke(nodeA.platform.db, user.user._id);
      expect((await onB.get('/api/me', { token: user.accessToken })).status).toBe(401);
      expect(await handshake(nodeB.url, user.accessToken)).toBe('unauthorized');
    });
  }

  it('a write answers only once every subscribed node has confirmed it dropped the ids', async () => {
    // A node slower than the writer: it takes the announcement and confirms 100 ms later.
    const { redis, config } = nodeA.platform;
    const channel = `${config.redisPrefix}:node-cache`;
    const slowNode = redis.duplicate({ enableOfflineQueue: true });
    let confirmedBySlowNode = false;
    slowNode.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      setTimeout(() => {
        confirmedBySlowNode = true;
        void redis.publish(`${channel}:confirm`, message.slice(0, message.indexOf(' ')));
      }, 100);
    });
    await slowNode.subscribe(channel);
    try {
      await announceChange(nodeA.platform.db, 'campaign', [new ObjectId()]);
      expect(confirmedBySlowNode).toBe(true);
    } finally {
      slowNode.disconnect();
    }
  });

  it('a document read while its change was announced is not kept', async () => {
    const db = nodeB.platform.db;
    const id = new ObjectId().toHexString();
    let loads = 0;
    const before = await cachedById(db, 'campaign', id, async () => {
      loads++;
      // The change lands while this read is in flight: what it read may be the old document.
      await announceChange(db, 'campaign', [id]);
      return { version: 'old' };
    });
    expect(before).toEqual({ version: 'old' });
    const after = await cachedById(db, 'campaign', id, async () => {
      loads++;
      return { version: 'new' };
    });
    expect(after).toEqual({ version: 'new' });
    expect(loads).toBe(2);
    // Kept from now on: a third read is served by the cache.
    expect(await cachedById(db, 'campaign', id, async () => ({ version: 'never read' }))).toEqual({ version: 'new' });
  });
});
