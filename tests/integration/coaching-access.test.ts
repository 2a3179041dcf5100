import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachingAnswer } from '../../shared/events.js';
import { coachingMessages } from '../../shared/schemas/coaching/messages.js';
import type { CoachingAuditList } from '../../shared/schemas/coaching/audit.js';
import type { CoachingIndicator, ListenableCalls } from '../../shared/schemas/coaching/sessions.js';
import { insertSession } from '../../server/features/coaching/repository.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { connectDialer, createCallableLead, waitForCallState } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';
import { addAgents, createCampaignWithAgents } from '../support/leads.js';

// Who may listen to, whisper into or barge into an agent's live call (issue 30), over HTTP and over the socket, and
// the audit log of it. The simulator has no call rooms, so an authorised join gets as far as the phone service
// ("not available") while a refused one is stopped, and audited, before it.
let testApp: TestApp;
let http: ReturnType<typeof client>;
let owner: CreatedUser;
let admin: CreatedUser;
let agent: CreatedUser;
let unrelated: CreatedUser;
/** Uplines of `agent`, nearest first: levels 1, 2, 3 and 4. */
let uplines: CreatedUser[];
let callId: string;
let campaignId: ObjectId;
const sockets: TestSocket[] = [];

const OFFER = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\n';

beforeAll(async () => {
  testApp = await buildTestApp({ simulator: { speed: 10 } });
  http = client(`${testApp.url}/api`);
  const setup = await createCampaignWithAgents(testApp, 0);
  owner = setup.owner;
  campaignId = setup.campaignObjectId;
  admin = await createUser(testApp, { role: 'admin' });
  unrelated = await createUser(testApp, { name: 'Ursula Unrelated' });
  const level4 = await createUser(testApp, { name: 'Level Four' });
  const level3 = await createUser(testApp, { name: 'Level Three', uplineId: level4.user._id });
  const level2 = await createUser(testApp, { name: 'Level Two', uplineId: level3.user._id });
  const level1 = await createUser(testApp, { name: 'Level One', uplineId: level2.user._id });
  agent = await createUser(testApp, { name: 'Agent Onthephone', uplineId: level1.user._id });
  uplines = [level1, level2, level3, level4];
  await addAgents(testApp, setup.campaignId, [agent, unrelated]);
  await connectDialer(testApp, agent.accessToken);
  // 555-010-0005 answers and stays on the line until the agent hangs up.
  const lead = await createCallableLead(testApp, setup.campaignId, agent.user, '5550100005');
  const placed = await http.post<{ id: string }>(
    '/dialer/calls',
    { phone: '5550100005', leadId: String(lead._id) },
    { token: agent.accessToken },
  );
  expect(placed.status).toBe(201);
  callId = placed.body.id;
  await waitForCallState(testApp, callId, 'connected', 10_000);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
});

async function socketOf(user: CreatedUser): Promise<TestSocket> {
  const socket = await testApp.socket(user.accessToken);
  sockets.push(socket);
  return socket;
}

function ask(socket: TestSocket, event: 'coaching:listen' | 'coaching:mode' | 'coaching:leave', payload: object) {
  return new Promise<CoachingAnswer>((resolve) =>
    (socket.emit as (e: string, p: object, ack: (a: CoachingAnswer) => void) => void)(event, payload, resolve),
  );
}

const listenOverHttp = (user: CreatedUser) =>
  http.post('/coaching/sessions', { agentId: String(agent.user._id), sdp: OFFER }, { token: user.accessToken });

describe('listening in: who may', () => {
  it('refuses a level-4 upline and an unrelated agent over HTTP (403) and audits each refusal', async () => {
    for (const user of [uplines[3]!, unrelated]) {
      const answer = await listenOverHttp(user);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: coachingMessages.refused, code: 'FORBIDDEN' });
    }
  });

  it('refuses them over a crafted socket event too', async () => {
    for (const user of [uplines[3]!, unrelated]) {
      const answer = await ask(await socketOf(user), 'coaching:listen', {
        agentId: String(agent.user._id),
        sdp: OFFER,
      });
      expect(answer).toEqual({ ok: false, error: coachingMessages.refused });
    }
  });

  it('lets levels 1-3, the campaign owner and an admin past the check (the simulator then has no call room)', async () => {
    for (const user of [...uplines.slice(0, 3), owner, admin]) {
      const answer = await listenOverHttp(user);
      expect(answer.status, user.user.name).toBe(409);
      expect(answer.body).toMatchObject({ error: coachingMessages.unavailable });
    }
    const overSocket = await ask(await socketOf(uplines[2]!), 'coaching:listen', {
      agentId: String(agent.user._id),
      sdp: OFFER,
    });
    expect(overSocket).toEqual({ ok: false, error: coachingMessages.unavailable });
  });

  it('never lets the agent listen to their own call', async () => {
    const answer = await listenOverHttp(agent);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: coachingMessages.ownCall });
  });

  it("refuses a mode change or a leave of another coach's session, over HTTP and the socket", async () => {
    const session = await insertSession(testApp.platform.db, {
      callId: new ObjectId(callId),
      agentId: agent.user._id,
      coachId: uplines[0]!.user._id,
      campaignId,
      basis: 'upline',
      mode: 'listen',
      startedAt: new Date(),
    });
    const id = String(session._id);
    for (const user of [unrelated, uplines[3]!]) {
      const put = await http.put(`/coaching/sessions/${id}`, { mode: 'barge' }, { token: user.accessToken });
      expect(put.status).toBe(403);
      const socket = await socketOf(user);
      expect(await ask(socket, 'coaching:mode', { sessionId: id, mode: 'whisper' })).toEqual({
        ok: false,
        error: coachingMessages.refused,
      });
      expect(await ask(socket, 'coaching:leave', { sessionId: id })).toEqual({
        ok: false,
        error: coachingMessages.refused,
      });
    }
    // The session's own coach is still on it, in Listen mode: the agent's indicator says so.
    const mine = await http.get<CoachingIndicator>('/coaching/mine', { token: agent.accessToken });
    expect(mine.body).toEqual({ callId, coaches: [{ basis: 'upline', mode: 'listen' }] });
    const leave = await http.delete(`/coaching/sessions/${id}`, { token: uplines[0]!.accessToken });
    expect(leave.status).toBe(204);
    expect((await http.get<CoachingIndicator>('/coaching/mine', { token: agent.accessToken })).body.coaches).toEqual(
      [],
    );
  });

  it('lists the call to levels 1-3, the owner and admins only', async () => {
    const listed = async (user: CreatedUser) =>
      (await http.get<ListenableCalls>('/coaching/calls', { token: user.accessToken })).body.calls.filter(
        (call) => call.callId === callId,
      );
    expect((await listed(uplines[2]!))[0]).toMatchObject({ agentName: 'Agent Onthephone', level: 3, basis: 'upline' });
    expect((await listed(owner))[0]).toMatchObject({ basis: 'owner' });
    expect((await listed(admin))[0]).toMatchObject({ basis: 'admin' });
    expect(await listed(uplines[3]!)).toEqual([]);
    expect(await listed(unrelated)).toEqual([]);
  });

  it("keeps an audit log the campaign's owner and admins read, and nobody else", async () => {
    const read = (user: CreatedUser) => http.get<CoachingAuditList>('/coaching/audit', { token: user.accessToken });
    for (const user of [agent, uplines[0]!, unrelated]) expect((await read(user)).status).toBe(403);
    const lines = (await read(owner)).body.items;
    const refused = lines.filter((line) => line.action === 'refused' && line.callId === callId);
    const names = refused.map((line) => `${line.actorName} ${line.via}`);
    for (const expected of ['Level Four http', 'Ursula Unrelated http', 'Level Four socket', 'Ursula Unrelated socket'])
      expect(names).toContain(expected);
    expect(lines.find((line) => line.action === 'leave')).toMatchObject({
      actorName: 'Level One',
      agentName: 'Agent Onthephone',
      basis: 'upline',
      via: 'http',
    });
    expect((await read(admin)).body.items.length).toBeGreaterThanOrEqual(lines.length);
    // Another owner's campaigns are not theirs to read.
    const otherOwner = await createUser(testApp, { role: 'owner' });
    expect((await read(otherOwner)).body.items).toEqual([]);
  });
});
