import { ObjectId } from 'mongodb';
import type { TestSocket } from './app.js';
import { SocketEvents } from '../../shared/events.js';
import type { CallStatePayload } from '../../shared/schemas/dialer/state.js';
import { callsCollection, type CallDoc } from '../../server/features/dialer/repository.js';
import { insertLeads, type LeadDoc } from '../../server/features/leads/repository.js';
import type { UserDoc } from '../../server/features/users/repository.js';
import type { TestApp } from './app.js';
import { client, eventually } from './http.js';
import { createCampaignWithAgents, type CampaignWithAgents } from './leads.js';

/** An IANA zone (Etc/GMT±N) where the local hour right now is within [from, to]. */
export function zoneWithLocalHour(from: number, to: number, now = new Date()): string {
  for (let offset = -12; offset <= 14; offset++) {
    const hour = (now.getUTCHours() + offset + 24) % 24;
    if (hour >= from && hour <= to)
      return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error('no zone found');
}

/** A lead with a phone and a time zone, assigned to `agent`. */
export async function createCallableLead(
  testApp: TestApp,
  campaignId: string,
  agent: UserDoc,
  phone: string,
  options: { name?: string; timeZone?: string; details?: Record<string, unknown> } = {},
): Promise<LeadDoc> {
  const now = testApp.platform.clock.now();
  const lead: LeadDoc = {
    _id: new ObjectId(),
    campaignId: new ObjectId(campaignId),
    name: options.name ?? `Lead ${phone.slice(-4)}`,
    phone,
    source: 'test',
    leadType: 'Individual',
    details: options.details ?? {},
    timeZone: options.timeZone ?? zoneWithLocalHour(10, 18, now),
    assignedTo: agent._id,
    assignedAt: now,
    disposition: 'New',
    stage: 'New',
    dispositionAt: now,
    history: [],
    createdAt: now,
    updatedAt: now,
  };
  await insertLeads(testApp.platform.db, [lead]);
  return lead;
}

/**
 * A campaign of `agentCount` agents ready to dial typed numbers: its zone one where it is daytime now (typed numbers
 * without a zone of their own are judged in the campaign's zone) and each agent's phone session connected.
 */
export async function dialingCampaign(testApp: TestApp, agentCount: number): Promise<CampaignWithAgents> {
  const setup = await createCampaignWithAgents(testApp, agentCount);
  await client(`${testApp.url}/api`).patch(
    `/campaigns/${setup.campaignId}`,
    { timeZone: zoneWithLocalHour(10, 18) },
    { token: setup.owner.accessToken },
  );
  await Promise.all(setup.agents.map((agent) => connectDialer(testApp, agent.accessToken)));
  return setup;
}

/** Connects the agent's phone session (initialize + connect) and waits until the server says connected. */
export async function connectDialer(testApp: TestApp, token: string): Promise<void> {
  const http = client(`${testApp.url}/api`);
  const answer = await http.post('/dialer/connect', undefined, { token });
  if (answer.status !== 200) throw new Error(`connect failed: ${JSON.stringify(answer.body)}`);
  await eventually(async () => {
    const state = await http.get<{ phone: { status: string } }>('/dialer/state', { token });
    return state.body.phone.status === 'connected' ? true : undefined;
  }, 15_000);
}

/** Records every `call:state` a socket receives, with the time it arrived. */
export function recordCallStates(socket: TestSocket): Array<CallStatePayload & { receivedAt: number }> {
  const seen: Array<CallStatePayload & { receivedAt: number }> = [];
  socket.on(SocketEvents.callState, (payload: CallStatePayload) => seen.push({ ...payload, receivedAt: Date.now() }));
  return seen;
}

/** The call as stored. */
export function storedCall(testApp: TestApp, id: string): Promise<CallDoc> {
  return callsCollection(testApp.platform.db).findOne({ _id: new ObjectId(id) }) as Promise<CallDoc>;
}

/** Waits until the stored call is in `state`. */
export function waitForCallState(testApp: TestApp, id: string, state: string, ms: number): Promise<true> {
  return eventually(async () => ((await storedCall(testApp, id))?.state === state ? true : undefined), ms);
}

/**
 * What the panel does to auto-dial a queue over WebRTC: the contacts queued, the tab's offer sent first (the first
 * contact is dialed at once), then auto-dial switched on. Then waits for one finished (idle) call per contact, in
 * the order they were placed.
 */
export async function autoDialOverWebrtc(
  testApp: TestApp,
  agent: { accessToken: string; user: UserDoc },
  tab: { prepare(): Promise<unknown> },
  contacts: Array<{ name: string; phone: string }>,
): Promise<CallDoc[]> {
  const http = client(`${testApp.url}/api`);
  const current = await http.get<{ version: number }>('/dialer/queue', { token: agent.accessToken });
  const queued = await http.put(
    '/dialer/queue',
    { contacts, version: current.body.version },
    { token: agent.accessToken },
  );
  if (queued.status !== 200) throw new Error(`queue not saved: ${queued.status}`);
  const offered = await tab.prepare();
  if (JSON.stringify(offered) !== JSON.stringify({ ok: true }))
    throw new Error(`offer refused: ${JSON.stringify(offered)}`);
  const on = await http.put('/dialer/auto-dial', { enabled: true }, { token: agent.accessToken });
  if (on.status !== 200) throw new Error(`auto-dial not switched on: ${on.status}`);
  return eventually(async () => {
    const found = await callsCollection(testApp.platform.db)
      .find({ agentId: agent.user._id, autoDialed: true })
      .sort({ startedAt: 1 })
      .toArray();
    return found.length === contacts.length && found.every((c) => c.state === 'idle') ? found : undefined;
  }, 40_000);
}
