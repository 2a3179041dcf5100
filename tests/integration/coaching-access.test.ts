import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachingAnswer } from '../../shared/events.js';
import { coachingMessages } from '../../shared/schemas/coaching/messages.js';
import type { CoachingAuditList } from '../../shared/schemas/coaching/audit.js';
import {
  coachingIndicatorText,
  type CoachingIndicator,
  type CoachingSession,
  type ListenableCalls,
} from '../../shared/schemas/coaching/sessions.js';
import { insertSession } from '../../server/features/coaching/repository.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { connectDialer, createCallableLead, waitForCallState } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { addAgents, createCampaignWithAgents } from '../support/leads.js';

// Who may listen to, whisper into or barge into an agent's live call (issue 30), over HTTP and over the socket, and
// the audit log of it; then a team lead's whole session on the simulator's call (`npm start`'s phone service, whose
// calls have no audio): listen -> whisper -> barge on one session, the agent's indicator pushed at each step, leave,
// and the call's end closing a session. The same coaching service, routes and socket requests as the room model.
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

  it('lets levels 1-3, the campaign owner and an admin join, over HTTP and the socket', async () => {
    // The simulator's calls have no audio: an offer sent anyway is not needed, and no answer comes back.
    for (const user of [...uplines.slice(0, 3), owner, admin]) {
      const answer = await listenOverHttp(user);
      expect(answer.status, user.user.name).toBe(201);
      expect(answer.body).toEqual({
        sessionId: expect.any(String),
        callId,
        agentId: String(agent.user._id),
        agentName: 'Agent Onthephone',
        mode: 'listen',
      });
      const left = await http.delete(`/coaching/sessions/${String(answer.body.sessionId)}`, {
        token: user.accessToken,
      });
      expect(left.status).toBe(204);
    }
    const socket = await socketOf(uplines[2]!);
    const overSocket = await ask(socket, 'coaching:listen', { agentId: String(agent.user._id) });
    expect(overSocket).toMatchObject({ ok: true, session: { callId, mode: 'listen' } });
    expect(overSocket.session!.sdp).toBeUndefined();
    expect(await ask(socket, 'coaching:leave', { sessionId: overSocket.session!.sessionId })).toEqual({ ok: true });
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

describe("a team lead on the simulator's call", () => {
  /** The agent's indicator pushes, in order. */
  const indicators: CoachingIndicator[] = [];
  let coach: CreatedUser;
  let coachSocket: TestSocket;
  const ended: string[] = [];

  beforeAll(async () => {
    (await socketOf(agent)).on('coaching:indicator', (indicator) => indicators.push(indicator));
    // Three levels up, as the demo's agent is for agent4.
    coach = uplines[2]!;
    coachSocket = await socketOf(coach);
    coachSocket.on('coaching:ended', ({ sessionId }) => ended.push(sessionId));
  });

  /** Waits for the agent's next indicator push after `seen` of them, and returns its text. */
  async function nextIndicator(seen: number): Promise<string | null> {
    const indicator = await eventually(async () => indicators[seen]);
    expect(indicator.callId).toBe(indicator.coaches.length ? callId : null);
    return coachingIndicatorText(indicator);
  }

  it('listens, whispers and barges on one session, the agent sees each, outsiders cannot touch it, leave ends it', async () => {
    const listing = await http.get<ListenableCalls>('/coaching/calls', { token: coach.accessToken });
    // No `media`: the panel opens no microphone for a call that has no audio.
    expect(listing.body.media).toBeUndefined();
    expect(listing.body.calls.map((call) => call.callId)).toContain(callId);

    let seen = indicators.length;
    const joined = await http.post<CoachingSession>(
      '/coaching/sessions',
      { agentId: String(agent.user._id) },
      { token: coach.accessToken },
    );
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ callId, mode: 'listen' });
    expect(joined.body.sdp).toBeUndefined();
    const { sessionId } = joined.body;
    expect(await nextIndicator(seen++)).toBe('Your team lead is listening');

    // Whisper over the socket (as the panel switches), barge over HTTP: the same session, nothing re-joins.
    expect(await ask(coachSocket, 'coaching:mode', { sessionId, mode: 'whisper' })).toEqual({
      ok: true,
      session: { sessionId, callId, agentId: String(agent.user._id), agentName: 'Agent Onthephone', mode: 'whisper' },
    });
    expect(await nextIndicator(seen++)).toBe('Your team lead is coaching');
    const barged = await http.put<CoachingSession>(
      `/coaching/sessions/${sessionId}`,
      { mode: 'barge' },
      { token: coach.accessToken },
    );
    expect(barged.body).toMatchObject({ sessionId, mode: 'barge' });
    expect(await nextIndicator(seen++)).toBe('Your team lead is coaching');
    expect(indicators.at(-1)!.coaches).toEqual([{ basis: 'upline', mode: 'barge' }]);

    // A level-4 upline and an unrelated agent can neither switch nor end it, over HTTP or the socket.
    for (const outsider of [uplines[3]!, unrelated]) {
      expect((await listenOverHttp(outsider)).status).toBe(403);
      const put = await http.put(
        `/coaching/sessions/${sessionId}`,
        { mode: 'listen' },
        { token: outsider.accessToken },
      );
      expect(put.status).toBe(403);
      expect((await http.delete(`/coaching/sessions/${sessionId}`, { token: outsider.accessToken })).status).toBe(403);
      const socket = await socketOf(outsider);
      const refused = { ok: false, error: coachingMessages.refused };
      expect(await ask(socket, 'coaching:listen', { agentId: String(agent.user._id) })).toEqual(refused);
      expect(await ask(socket, 'coaching:mode', { sessionId, mode: 'listen' })).toEqual(refused);
      expect(await ask(socket, 'coaching:leave', { sessionId })).toEqual(refused);
    }
    expect((await http.get<CoachingIndicator>('/coaching/mine', { token: agent.accessToken })).body).toEqual({
      callId,
      coaches: [{ basis: 'upline', mode: 'barge' }],
    });

    expect(await ask(coachSocket, 'coaching:leave', { sessionId })).toEqual({ ok: true });
    expect(await nextIndicator(seen)).toBeNull();
    await eventually(async () => (ended.includes(sessionId) ? true : undefined));

    const audit = await http.get<CoachingAuditList>('/coaching/audit', { token: owner.accessToken });
    const session = audit.body.items.filter(
      (line) => line.callId === callId && line.actorId === String(coach.user._id),
    );
    expect(
      session
        .slice(0, 4)
        .reverse()
        .map((line) => `${line.action} ${line.mode} ${line.via}`),
    ).toEqual(['join listen http', 'mode whisper socket', 'mode barge http', 'leave barge socket']);
    const refusals = audit.body.items.filter((line) => line.action === 'refused' && line.mode === 'listen');
    expect(refusals.map((line) => `${line.actorName} ${line.via}`)).toEqual(
      expect.arrayContaining([
        'Level Four http',
        'Ursula Unrelated http',
        'Level Four socket',
        'Ursula Unrelated socket',
      ]),
    );
  });

  it("ends the session with the call: the coach's panel is told, the agent's indicator clears, the log says so", async () => {
    const joined = await http.post<CoachingSession>(
      '/coaching/sessions',
      { agentId: String(agent.user._id) },
      { token: coach.accessToken },
    );
    expect(joined.status).toBe(201);
    const { sessionId } = joined.body;
    await eventually(async () => (indicators.at(-1)?.coaches.length === 1 ? true : undefined));
    const seen = indicators.length;
    expect((await http.post(`/dialer/calls/${callId}/end`, undefined, { token: agent.accessToken })).status).toBe(200);
    await eventually(async () => (ended.includes(sessionId) ? true : undefined));
    expect(await nextIndicator(seen)).toBeNull();
    const audit = await http.get<CoachingAuditList>('/coaching/audit', { token: admin.accessToken });
    expect(audit.body.items.find((line) => line.callId === callId && line.action === 'call-ended')).toMatchObject({
      actorName: 'Level Three',
      mode: 'listen',
      via: 'server',
    });
    // The call is over: a new join finds no call to join.
    const late = await http.post(
      '/coaching/sessions',
      { agentId: String(agent.user._id) },
      { token: coach.accessToken },
    );
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: coachingMessages.noLiveCall });
  });
});
