// Live transfers over HTTP and sockets with the simulator (no audio: the room model's media is proven by
// dialer-sip-room-transfer.test.ts and the browser test): who may offer, answer and complete a transfer, what a
// refusal leaves unchanged, the 20 s ring, and how the opener's credit follows the call into the deal and the ledger.
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type TransferUpdatedPayload } from '../../shared/events.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { AvailableClosers, TransferView } from '../../shared/schemas/dialer/transfer.js';
import type { DealItem } from '../../shared/schemas/deals/close.js';
import type { LeadDealView } from '../../shared/schemas/deals/lead-deal.js';
import type { LeadDetail } from '../../shared/schemas/leads/lead.js';
import { commissionsCollection } from '../../server/features/commissions/repository.js';
import { transfersCollection } from '../../server/features/dialer/transfer-repository.js';
import { findLeadById } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { connectDialer, createCallableLead, storedCall, waitForCallState } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { addAgents, createCampaignWithAgents } from '../support/leads.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
let campaignId: string;
let owner: CreatedUser;
let alice: CreatedUser;
let bob: CreatedUser;
let carol: CreatedUser;
/** A member whose phone is not connected: never available. */
let eve: CreatedUser;
/** Connected and online, but not in the campaign. */
let outsider: CreatedUser;
const sockets = new Map<string, TestSocket>();
const updates = new Map<string, TransferUpdatedPayload[]>();
const offers = new Map<string, TransferView[]>();

beforeAll(async () => {
  testApp = await buildTestApp({ simulator: { speed: 10 } });
  http = client(`${testApp.url}/api`);
  const setup = await createCampaignWithAgents(testApp, 4);
  [alice, bob, carol, eve] = setup.agents;
  outsider = await createUser(testApp, { name: 'Otto Outsider' });
  await Promise.all([alice, bob, carol, outsider].map((agent) => connectDialer(testApp, agent.accessToken)));
  // Online = at least one socket open; every socket records the transfer events it gets.
  for (const agent of [alice, bob, carol, eve, outsider]) {
    const socket = await testApp.socket(agent.accessToken);
    const id = agent.user._id.toHexString();
    sockets.set(id, socket);
    updates.set(id, []);
    offers.set(id, []);
    socket.on(SocketEvents.transferUpdated, (view) => updates.get(id)!.push(view));
    socket.on(SocketEvents.transferOffered, (view) => offers.get(id)!.push(view));
  }
}, 60_000);

afterAll(async () => {
  for (const socket of sockets.values()) socket.disconnect();
  await testApp?.close();
});

const idOf = (agent: CreatedUser) => agent.user._id.toHexString();

/**
 * `agent` calls a lead of theirs on the open line (555-010-0005 stays up until someone ends it), in a campaign of its
 * own with the same four members (a campaign holds one lead per number).
 */
async function connectedCall(agent: CreatedUser, name: string) {
  const setup = await createCampaignWithAgents(testApp, 0);
  campaignId = setup.campaignId;
  owner = setup.owner;
  await addAgents(testApp, campaignId, [alice, bob, carol, eve]);
  const lead = await createCallableLead(testApp, campaignId, agent.user, '5550100005', { name });
  const started = await http.post<CallView>(
    '/dialer/calls',
    { phone: '5550100005', leadId: lead._id.toHexString() },
    { token: agent.accessToken },
  );
  expect(started.status).toBe(201);
  await waitForCallState(testApp, started.body.id, 'connected', 10_000);
  return { lead, callId: started.body.id };
}

async function endCall(agent: CreatedUser, callId: string) {
  await http.post(`/dialer/calls/${callId}/end`, undefined, { token: agent.accessToken });
  await waitForCallState(testApp, callId, 'idle', 10_000);
}

const offer = (from: CreatedUser, callId: string, body: Record<string, unknown>) =>
  http.post<TransferView>(`/dialer/calls/${callId}/transfer`, body, { token: from.accessToken });
const answer = (who: CreatedUser, transferId: string, action: 'accept' | 'decline' | 'complete') =>
  http.post<TransferView>(`/dialer/transfers/${transferId}/${action}`, undefined, { token: who.accessToken });

describe('transfer authorisation', () => {
  it('lists only available members, lets only the call agent offer, only to an available member, and says why otherwise', async () => {
    const { callId } = await connectedCall(alice, 'Auth Lead');
    const list = await http.get<AvailableClosers>(`/dialer/calls/${callId}/transfer/closers`, {
      token: alice.accessToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.closers.map((c) => c.id).sort()).toEqual([idOf(bob), idOf(carol)].sort());

    // Another agent, even of the same campaign, may neither list nor offer the call.
    expect((await http.get(`/dialer/calls/${callId}/transfer/closers`, { token: bob.accessToken })).status).toBe(403);
    const notHers = await offer(bob, callId, { closerId: idOf(carol), mode: 'warm' });
    expect(notHers.status).toBe(403);

    const outside = await offer(alice, callId, { closerId: idOf(outsider), mode: 'warm' });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ reason: 'TRANSFER_NOT_CAMPAIGN_CLOSER' });
    const self = await offer(alice, callId, { closerId: idOf(alice), mode: 'warm' });
    expect(self.body).toMatchObject({ reason: 'TRANSFER_TO_SELF' });
    expect(self.status).toBe(400);
    const unavailable = await offer(alice, callId, { closerId: idOf(eve), mode: 'blind' });
    expect(unavailable.status).toBe(409);
    expect(unavailable.body).toMatchObject({ reason: 'TRANSFER_CLOSER_UNAVAILABLE' });
    const badMode = await offer(alice, callId, { closerId: idOf(bob), mode: 'hot' });
    expect(badMode.status).toBe(400);
    expect(badMode.body).toMatchObject({ error: 'The transfer is either warm or blind.' });
    const badId = await offer(alice, callId, { closerId: 'bob', mode: 'warm' });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: 'Pick a closer to transfer to.' });
    // Nothing was stored by any refusal.
    expect(await transfersCollection(testApp.platform.db).countDocuments({ callId: new ObjectId(callId) })).toBe(0);

    const offered = await offer(alice, callId, { closerId: idOf(bob), mode: 'warm', note: 'Wants the suite' });
    expect(offered.status).toBe(201);
    expect(offered.body).toMatchObject({ state: 'pending', message: `Ringing ${bob.user.name}...` });
    await eventually(async () => (offers.get(idOf(bob))!.some((v) => v.id === offered.body.id) ? true : undefined));
    const card = offers.get(idOf(bob))!.find((v) => v.id === offered.body.id)!;
    expect(card).toMatchObject({ note: 'Wants the suite', lead: { name: 'Auth Lead' }, opener: { id: idOf(alice) } });
    // The ringing closer is no longer listed; a second offer of the same call is refused.
    const during = await http.get<AvailableClosers>(`/dialer/calls/${callId}/transfer/closers`, {
      token: alice.accessToken,
    });
    expect(during.body.closers.map((c) => c.id)).toEqual([idOf(carol)]);
    const second = await offer(alice, callId, { closerId: idOf(carol), mode: 'warm' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ reason: 'TRANSFER_ALREADY_OFFERED' });

    // Only the closer it was offered to may answer; only the opener completes, and only a conference.
    const stolen = await answer(carol, offered.body.id, 'accept');
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ reason: 'TRANSFER_NOT_YOURS' });
    expect((await answer(alice, offered.body.id, 'accept')).status).toBe(403);
    const early = await answer(alice, offered.body.id, 'complete');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ reason: 'TRANSFER_NOT_CONFERENCE' });
    expect((await answer(bob, offered.body.id, 'complete')).status).toBe(403);
    const unknown = await answer(bob, new ObjectId().toHexString(), 'accept');
    expect(unknown.status).toBe(404);

    // Declined: the opener is told and keeps the lead; the offer cannot be accepted afterwards.
    const declined = await answer(bob, offered.body.id, 'decline');
    expect(declined.status).toBe(200);
    await eventually(async () =>
      updates.get(idOf(alice))!.some((v) => v.id === offered.body.id && v.state === 'declined') ? true : undefined,
    );
    expect(updates.get(idOf(alice))!.find((v) => v.state === 'declined')!.message).toBe(
      `${bob.user.name} declined the transfer. The lead is still with you.`,
    );
    expect((await answer(bob, offered.body.id, 'accept')).body).toMatchObject({ reason: 'TRANSFER_GONE' });
    expect((await storedCall(testApp, callId)).agentId.toHexString()).toBe(idOf(alice));
    expect((await findLeadById(testApp.platform.db, (await storedCall(testApp, callId)).leadId!))?.assignedTo).toEqual(
      alice.user._id,
    );
    await endCall(alice, callId);
  }, 60_000);

  it('a closer who does not answer within 20 s lapses the offer: the opener is told and keeps the call', async () => {
    const { callId } = await connectedCall(alice, 'Lapse Lead');
    const offered = await offer(alice, callId, { closerId: idOf(carol), mode: 'blind' });
    expect(offered.status).toBe(201);
    const sentAt = Date.now();
    await eventually(
      async () =>
        updates.get(idOf(alice))!.some((v) => v.id === offered.body.id && v.state === 'expired') ? true : undefined,
      30_000,
    );
    const waited = Date.now() - sentAt;
    expect(waited).toBeGreaterThanOrEqual(19_000);
    expect(waited).toBeLessThan(26_000);
    expect(updates.get(idOf(alice))!.find((v) => v.id === offered.body.id && v.state === 'expired')!.message).toBe(
      `${carol.user.name} did not answer the transfer. The lead is still with you.`,
    );
    expect((await answer(carol, offered.body.id, 'accept')).body).toMatchObject({ reason: 'TRANSFER_GONE' });
    const call = await storedCall(testApp, callId);
    expect(call).toMatchObject({ state: 'connected' });
    expect(call.agentId.toHexString()).toBe(idOf(alice));
    await endCall(alice, callId);
  }, 60_000);
});

describe('credit follows the call', () => {
  it('warm: the three talk until the opener completes; the call, the lead and the opener credit move to the closer', async () => {
    const { lead, callId } = await connectedCall(alice, 'Warm Lead');
    const offered = await offer(alice, callId, { closerId: idOf(bob), mode: 'warm' });
    const accepted = await answer(bob, offered.body.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'conference' });
    // In conference the call is still the opener's.
    expect((await storedCall(testApp, callId)).agentId.toHexString()).toBe(idOf(alice));
    const completed = await answer(alice, offered.body.id, 'complete');
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'completed', message: `Call transferred to ${bob.user.name}.` });
    const call = await storedCall(testApp, callId);
    expect(call.agentId.toHexString()).toBe(idOf(bob));
    expect(call.state).toBe('connected');
    const moved = await findLeadById(testApp.platform.db, lead._id);
    expect(moved).toMatchObject({ assignedTo: bob.user._id, transferOpenerId: alice.user._id });
    // Alice's line is free; Bob's dialer now holds the call and ends it.
    const aliceState = await http.get<{ call: CallView | null }>('/dialer/state', { token: alice.accessToken });
    expect(aliceState.body.call?.id).not.toBe(callId);
    expect((await http.post(`/dialer/calls/${callId}/end`, undefined, { token: alice.accessToken })).status).toBe(403);
    await endCall(bob, callId);
  }, 60_000);

  it('transferred twice: the last opener before the close gets the opener share, once; each transfer is in the history', async () => {
    const { lead, callId } = await connectedCall(alice, 'Twice Lead');
    const first = await offer(alice, callId, { closerId: idOf(bob), mode: 'blind' });
    expect((await answer(bob, first.body.id, 'accept')).body).toMatchObject({ state: 'completed' });
    const second = await offer(bob, callId, { closerId: idOf(carol), mode: 'blind' });
    expect(second.status).toBe(201);
    expect((await answer(carol, second.body.id, 'accept')).body).toMatchObject({ state: 'completed' });
    await endCall(carol, callId);

    const leadId = lead._id.toHexString();
    const view = await http.get<LeadDealView>(`/leads/${leadId}/deal`, { token: carol.accessToken });
    expect(view.body.transferOpener).toEqual({ id: idOf(bob), name: bob.user.name });
    // The closer cannot name another opener for a transferred lead.
    const other = await http.post(
      `/leads/${leadId}/close`,
      { dealValue: 1000, openerId: idOf(alice) },
      {
        token: carol.accessToken,
      },
    );
    expect(other.status).toBe(400);
    const bobSocket = sockets.get(idOf(bob))!;
    const bobEarnings: unknown[] = [];
    bobSocket.on(SocketEvents.earningsUpdated, (payload) => bobEarnings.push(payload));
    const closed = await http.post<DealItem>(
      `/leads/${leadId}/close`,
      { dealValue: 1000 },
      { token: carol.accessToken },
    );
    expect(closed.status).toBe(201);
    expect(closed.body).toMatchObject({ openerId: idOf(bob), closerId: idOf(carol) });

    const lines = await eventually(async () => {
      const found = await commissionsCollection(testApp.platform.db)
        .find({ dealId: new ObjectId(closed.body.id), level: 0 })
        .toArray();
      return found.length >= 2 ? found : undefined;
    }, 15_000);
    const earners = lines.map((line) => `${line.kind}:${line.userId.toHexString()}:${line.amount}`).sort();
    // 10% opener and 15% closer of $1,000; Alice (the first opener) earns nothing, nobody is paid twice.
    expect(earners).toEqual([`closer:${idOf(carol)}:15000`, `opener:${idOf(bob)}:10000`].sort());
    // The opener sees it live.
    await eventually(async () => (bobEarnings.length > 0 ? true : undefined), 10_000);

    const detail = await http.get<LeadDetail>(`/leads/${leadId}`, { token: owner.accessToken });
    const transfers = detail.body.history
      .map((entry) => entry.change)
      .filter((change) => change.includes('transferred'));
    expect(transfers).toEqual([
      `Call transferred (blind) from ${alice.user.name} to ${bob.user.name}`,
      `Call transferred (blind) from ${bob.user.name} to ${carol.user.name}`,
    ]);
  }, 60_000);
});
