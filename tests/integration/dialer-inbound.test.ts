// A lead calling back, with the simulator (what `npm start` shows): the developer route stands in for the carrier's
// lead phone. The assigned agent's panel rings first; declined, the campaign's other available agents ring; the first
// to answer gets the call; nobody: a voicemail (recorded, notified, a "Call back" task). Who may answer is the server's.
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import type { CampaignInboundNumber, InboundCallView } from '../../shared/schemas/dialer/inbound.js';
import type { FollowUpList } from '../../shared/schemas/follow-ups/list.js';
import type { NotificationList } from '../../shared/schemas/notifications/list.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { connectDialer, createCallableLead, storedCall, waitForCallState } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';

describe('a lead calls back (simulator)', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp({ simulator: { speed: 10 } });
    http = client(`${testApp.url}/api`);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await testApp?.close();
  });

  async function online(agent: CreatedUser): Promise<TestSocket> {
    await connectDialer(testApp, agent.accessToken);
    const socket = await testApp.socket(agent.accessToken);
    sockets.push(socket);
    return socket;
  }

  const nextRinging = (socket: TestSocket) =>
    new Promise<InboundCallView>((resolve) => socket.once(SocketEvents.inboundRinging, resolve));

  async function campaignNumber(campaignId: string, owner: CreatedUser): Promise<string> {
    const answer = await http.get<CampaignInboundNumber>(`/dialer/campaigns/${campaignId}/inbound-number`, {
      token: owner.accessToken,
    });
    expect(answer.status).toBe(200);
    return answer.body.number;
  }

  const callIn = (from: string, to: string) => http.post('/dev/inbound-call', { from, to });

  it('gives each campaign its own number, shown to its owner and admins only', async () => {
    const first = await createCampaignWithAgents(testApp, 1);
    const second = await createCampaignWithAgents(testApp, 0);
    const a = await campaignNumber(first.campaignId, first.owner);
    const b = await campaignNumber(second.campaignId, second.owner);
    expect(a).toMatch(/^555020\d{4}$/);
    expect(b).not.toBe(a);
    // Asked again: the same number.
    expect(await campaignNumber(first.campaignId, first.owner)).toBe(a);
    const asAgent = await http.get(`/dialer/campaigns/${first.campaignId}/inbound-number`, {
      token: first.agents[0]!.accessToken,
    });
    expect(asAgent.status).toBe(403);
    const asOtherOwner = await http.get(`/dialer/campaigns/${first.campaignId}/inbound-number`, {
      token: second.owner.accessToken,
    });
    expect(asOtherOwner.status).toBe(403);
  });

  it("rings the assigned agent with the lead's card; answered, it is an inbound call like any other", async () => {
    const setup = await createCampaignWithAgents(testApp, 2);
    const [assigned, other] = setup.agents as [CreatedUser, CreatedUser];
    const lead = await createCallableLead(testApp, setup.campaignId, assigned.user, '5550100051', {
      name: 'Sim Sally',
    });
    const number = await campaignNumber(setup.campaignId, setup.owner);
    const assignedSocket = await online(assigned);
    const otherSocket = await online(other);
    let otherRang = false;
    otherSocket.on(SocketEvents.inboundRinging, () => (otherRang = true));
    const ringing = nextRinging(assignedSocket);

    expect((await callIn('(555) 010-0051', number)).status).toBe(202);
    const card = await ringing;
    expect(card).toMatchObject({ state: 'assigned', lead: { name: 'Sim Sally', phone: '(555) 010-0051' } });

    // Nobody else may answer it.
    const stranger = await http.post(`/dialer/inbound/${card.id}/answer`, undefined, { token: other.accessToken });
    expect(stranger.status).toBe(403);

    const answered = await http.post<InboundCallView>(`/dialer/inbound/${card.id}/answer`, undefined, {
      token: assigned.accessToken,
    });
    expect(answered.status).toBe(200);
    const callId = answered.body.callId!;
    await waitForCallState(testApp, callId, 'connected', 5_000);
    const again = await http.post(`/dialer/inbound/${card.id}/answer`, undefined, { token: assigned.accessToken });
    expect(again.status).toBe(409);

    expect((await http.post(`/dialer/calls/${callId}/end`, undefined, { token: assigned.accessToken })).status).toBe(
      200,
    );
    await waitForCallState(testApp, callId, 'idle', 5_000);
    expect(await storedCall(testApp, callId)).toMatchObject({
      direction: 'inbound',
      status: 'answered',
      leadId: lead._id,
    });
    const history = await http.get<CallHistoryPage>('/calls?direction=inbound', { token: assigned.accessToken });
    expect(history.body.items.map((item) => item.id)).toContain(callId);
    expect(otherRang).toBe(false);
  });

  it("declined by the assigned agent, it rings the campaign's available agents; the first to answer takes it", async () => {
    const setup = await createCampaignWithAgents(testApp, 3);
    const [assigned, second, third] = setup.agents as [CreatedUser, CreatedUser, CreatedUser];
    await createCallableLead(testApp, setup.campaignId, assigned.user, '5550100052', { name: 'Declined Dan' });
    const number = await campaignNumber(setup.campaignId, setup.owner);
    const [assignedSocket, secondSocket, thirdSocket] = [
      await online(assigned),
      await online(second),
      await online(third),
    ];
    const first = nextRinging(assignedSocket);
    await callIn('5550100052', number);
    const card = await first;

    const secondRings = nextRinging(secondSocket);
    const thirdRings = nextRinging(thirdSocket);
    const thirdTold = new Promise<InboundCallView>((resolve) =>
      thirdSocket.on(SocketEvents.inboundUpdated, (view) => view.state === 'answered' && resolve(view)),
    );
    expect(
      (await http.post(`/dialer/inbound/${card.id}/decline`, undefined, { token: assigned.accessToken })).status,
    ).toBe(200);
    const [toSecond, toThird] = await Promise.all([secondRings, thirdRings]);
    expect(toSecond.state).toBe('campaign');
    expect(toThird.id).toBe(card.id);

    const answered = await http.post<InboundCallView>(`/dialer/inbound/${card.id}/answer`, undefined, {
      token: second.accessToken,
    });
    expect(answered.status).toBe(200);
    expect((await thirdTold).callId).toBe(answered.body.callId);
    const late = await http.post(`/dialer/inbound/${card.id}/answer`, undefined, { token: third.accessToken });
    expect(late.status).toBe(409);
    await waitForCallState(testApp, answered.body.callId!, 'connected', 5_000);
    expect((await storedCall(testApp, answered.body.callId!)).agentId.toHexString()).toBe(
      second.user._id.toHexString(),
    );
    await http.post(`/dialer/calls/${answered.body.callId}/end`, undefined, { token: second.accessToken });
    await waitForCallState(testApp, answered.body.callId!, 'idle', 5_000);
  });

  it("unanswered for 20 s, the assigned agent's panel stops and the campaign's available agents ring", async () => {
    const setup = await createCampaignWithAgents(testApp, 2);
    const [assigned, other] = setup.agents as [CreatedUser, CreatedUser];
    await createCallableLead(testApp, setup.campaignId, assigned.user, '5550100056', { name: 'Patient Pat' });
    const number = await campaignNumber(setup.campaignId, setup.owner);
    const [assignedSocket, otherSocket] = [await online(assigned), await online(other)];
    const first = nextRinging(assignedSocket);
    const stopped = new Promise<InboundCallView>((resolve) =>
      assignedSocket.once(SocketEvents.inboundUpdated, resolve),
    );
    const second = nextRinging(otherSocket);
    await callIn('5550100056', number);
    const card = await first;
    const rangAt = Date.now();
    const [toOther, toAssigned] = await Promise.all([second, stopped]);
    // The spec's 20 s ring, generously: never early, and not much late.
    expect(Date.now() - rangAt).toBeGreaterThanOrEqual(19_500);
    expect(Date.now() - rangAt).toBeLessThan(30_000);
    expect(toAssigned.id).toBe(card.id);
    expect(toOther).toMatchObject({ id: card.id, state: 'campaign' });
    // The assigned agent's round is over: their answer now is refused.
    const late = await http.post(`/dialer/inbound/${card.id}/answer`, undefined, { token: assigned.accessToken });
    expect(late.status).toBe(409);
    await http.post(`/dialer/inbound/${card.id}/decline`, undefined, { token: other.accessToken });
  }, 60_000);

  it('with nobody available, the caller leaves a voicemail: a recorded call, a notification and a task', async () => {
    const setup = await createCampaignWithAgents(testApp, 1);
    const [agent] = setup.agents as [CreatedUser];
    const lead = await createCallableLead(testApp, setup.campaignId, agent.user, '5550100053', { name: 'Away Amy' });
    const number = await campaignNumber(setup.campaignId, setup.owner);
    // Signed in but the phone is not connected: not available.
    const socket = await testApp.socket(agent.accessToken);
    sockets.push(socket);
    const notified = new Promise((resolve) => socket.once(SocketEvents.notificationNew, resolve));

    await callIn('5550100053', number);
    await notified;
    const voicemail = await eventually(
      async () =>
        (await callsCollection(testApp.platform.db).findOne({ leadId: lead._id, status: 'voicemail' })) ?? undefined,
    );
    expect(voicemail).toMatchObject({ direction: 'inbound', agentId: agent.user._id, state: 'idle' });
    expect(voicemail.recordingId).toBeInstanceOf(ObjectId);
    const recording = await fetch(`${testApp.url}/api/calls/${voicemail._id.toHexString()}/recording`, {
      headers: { authorization: `Bearer ${agent.accessToken}` },
    });
    expect(recording.status).toBe(200);
    expect(recording.headers.get('content-type')).toContain('audio/wav');

    // The lead panel lists the lead's voicemails, playable.
    const ofLead = await http.get<CallHistoryPage>(
      `/calls?leadId=${lead._id.toHexString()}&direction=inbound&status=voicemail`,
      { token: agent.accessToken },
    );
    expect(ofLead.body.items.map((item) => item.id)).toEqual([voicemail._id.toHexString()]);
    expect(ofLead.body.items[0]!.recordingUrl).toBeTruthy();

    const notifications = await http.get<NotificationList>('/notifications', { token: agent.accessToken });
    expect(notifications.body.items[0]).toMatchObject({ type: 'voicemail', title: 'Voicemail from Away Amy' });
    const calendar = await http.get<FollowUpList>('/follow-ups', { token: agent.accessToken });
    expect(calendar.body.items.find((item) => item.name === 'Away Amy')?.action).toBe('Call back Away Amy');
  });

  it("a caller the campaign does not know becomes a new lead of it, and rings the campaign's available agents", async () => {
    const setup = await createCampaignWithAgents(testApp, 1);
    const [agent] = setup.agents as [CreatedUser];
    const number = await campaignNumber(setup.campaignId, setup.owner);
    const socket = await online(agent);
    const ringing = nextRinging(socket);
    await callIn('5550100054', number);
    const card = await ringing;
    expect(card).toMatchObject({ state: 'campaign', lead: { name: 'Caller (555) 010-0054' } });
    const lead = await leadsCollection(testApp.platform.db).findOne({ _id: new ObjectId(card.lead.id) });
    expect(lead).toMatchObject({ campaignId: setup.campaignObjectId, phone: '5550100054', source: 'Inbound call' });
    await http.post(`/dialer/inbound/${card.id}/decline`, undefined, { token: agent.accessToken });
  });

  it('a number no campaign has rings nobody', async () => {
    const setup = await createCampaignWithAgents(testApp, 1);
    const socket = await online(setup.agents[0]!);
    let rang = false;
    socket.on(SocketEvents.inboundRinging, () => (rang = true));
    expect((await callIn('5550100055', '5550299999')).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rang).toBe(false);
  });
});
