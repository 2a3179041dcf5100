import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type ServerToClientEvents } from '../../shared/events.js';
import type { MaterialItem } from '../../shared/schemas/materials/list.js';
import type { VoiceNoteCreated } from '../../shared/schemas/voice-notes/list.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { createTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

/** The payloads of one event a socket hears, typed by the event catalogue (socket.io cannot pair a generic event with its listener, hence the cast inside). */
function heard<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => void seen.push(payload);
  socket.on(event as keyof ServerToClientEvents, listener as ServerToClientEvents[keyof ServerToClientEvents]);
  return seen;
}

describe('live shared resources and role requests', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let owner: CreatedUser;
  let agent: CreatedUser;
  let colleague: CreatedUser;
  let admin: CreatedUser;
  let campaignSlug: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    [owner, agent, colleague, admin] = await Promise.all([
      createUser(testApp, { role: 'owner', name: 'Sharing Owner' }),
      createUser(testApp, { name: 'Personal Agent' }),
      createUser(testApp, { name: 'Watching Colleague' }),
      createUser(testApp, { role: 'admin', name: 'Deciding Admin' }),
    ]);
    campaignSlug = (await createTestCampaign(testApp, owner.user, { name: 'Hotel' })).slug;
  });
  afterAll(() => testApp?.close());

  async function upload(who: CreatedUser, filename: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([Buffer.from(`notes ${filename}\n`)]), filename);
    const res = await fetch(`${testApp.url}/api/materials`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${who.accessToken}` },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as MaterialItem;
  }

  it('tells every signed-in socket of a shared material or folder, and only the owner of a personal one', async () => {
    const colleagueHeard = heard(await testApp.socket(colleague.accessToken), SocketEvents.materialsChanged);
    const agentHeard = heard(await testApp.socket(agent.accessToken), SocketEvents.materialsChanged);

    const personal = await upload(agent, 'mine.txt');
    expect(personal.scope).toBe('personal');
    await eventually(async () => (agentHeard.some((change) => change.id === personal.id) ? true : undefined));

    const shared = await upload(owner, 'price-list.txt', { campaign: campaignSlug });
    expect(shared.scope).toBe('campaign');
    await eventually(async () => (colleagueHeard.some((change) => change.id === shared.id) ? true : undefined));
    expect(colleagueHeard).toEqual([{ kind: 'material', id: shared.id, change: 'created' }]);
    expect(agentHeard).toContainEqual({ kind: 'material', id: shared.id, change: 'created' });

    const folder = await http.post<{ id: string }>(
      '/api/materials/folders',
      { name: 'Brochures', campaign: campaignSlug },
      { token: owner.accessToken },
    );
    expect(folder.status).toBe(201);
    await eventually(async () => (colleagueHeard.some((change) => change.id === folder.body.id) ? true : undefined));
    expect(colleagueHeard.at(-1)).toEqual({ kind: 'folder', id: folder.body.id, change: 'created' });

    expect((await http.delete(`/api/materials/${shared.id}`, { token: owner.accessToken })).status).toBe(204);
    await eventually(async () =>
      colleagueHeard.some((change) => change.id === shared.id && change.change === 'deleted') ? true : undefined,
    );
    // The colleague never heard of the agent's personal material.
    expect(colleagueHeard.some((change) => change.id === personal.id)).toBe(false);
  });

  it('tells every signed-in socket of a voice note added, edited or deleted by someone else', async () => {
    const colleagueHeard = heard(await testApp.socket(colleague.accessToken), SocketEvents.voiceNotesChanged);
    const form = new FormData();
    form.append('title', 'Objection: price');
    form.append('duration', '4');
    form.append(
      'audio',
      new Blob([Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(4000)])], { type: 'audio/webm' }),
      'recording.webm',
    );
    const res = await fetch(`${testApp.url}/api/voice-notes`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${agent.accessToken}` },
    });
    expect(res.status).toBe(201);
    const { note } = (await res.json()) as VoiceNoteCreated;
    await eventually(async () => (colleagueHeard.length ? true : undefined));
    expect(colleagueHeard[0]).toEqual({ id: note.id, change: 'created' });

    expect(
      (
        await http.patch(
          `/api/voice-notes/${note.id}`,
          { transcription: 'It costs less than one lost deal.' },
          { token: agent.accessToken },
        )
      ).status,
    ).toBe(200);
    expect((await http.delete(`/api/voice-notes/${note.id}`, { token: agent.accessToken })).status).toBe(204);
    await eventually(async () => (colleagueHeard.length >= 3 ? true : undefined));
    expect(colleagueHeard.map((change) => change.change)).toEqual(['created', 'updated', 'deleted']);
  });

  it('tells admins, and nobody else, of a role request made, withdrawn and decided', async () => {
    const adminHeard = heard(await testApp.socket(admin.accessToken), SocketEvents.roleRequestUpdated);
    const colleagueHeard = heard(await testApp.socket(colleague.accessToken), SocketEvents.roleRequestUpdated);
    const userId = agent.user._id.toHexString();

    await http.post('/api/me/role', { role: 'owner' }, { token: agent.accessToken });
    await eventually(async () => (adminHeard.length ? true : undefined));
    expect(adminHeard[0]).toMatchObject({
      userId,
      item: { userId, name: 'Personal Agent', requestedRole: 'owner', status: 'pending' },
    });

    await http.post('/api/me/role', { role: 'sales' }, { token: agent.accessToken });
    await eventually(async () => (adminHeard.length >= 2 ? true : undefined));
    expect(adminHeard[1]).toEqual({ userId, item: null });

    await http.post('/api/me/role', { role: 'owner' }, { token: agent.accessToken });
    const decided = await http.post(
      `/api/admin/role-requests/${userId}`,
      { decision: 'reject' },
      { token: admin.accessToken },
    );
    expect(decided.status).toBe(200);
    await eventually(async () => (adminHeard.length >= 4 ? true : undefined));
    expect(adminHeard[3]).toMatchObject({ userId, item: { status: 'rejected', requestedRole: 'owner' } });
    expect(colleagueHeard).toEqual([]);
  });
});
