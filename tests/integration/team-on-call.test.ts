import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonsaiResponse } from '../../shared/schemas/bonsai/get.js';
import type { TeamActivityToday } from '../../shared/schemas/team/activity.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

describe('a team member on a call', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let lead: CreatedUser;
  let member: CreatedUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    lead = await createUser(testApp, { name: 'Team Lead' });
    member = await createUser(testApp, { name: 'Busy Member', uplineId: lead.user._id });
  });
  afterAll(() => testApp?.close());

  const onCall = async () => {
    const today = await http.get<TeamActivityToday>('/api/team/activity/today', { token: lead.accessToken });
    const tree = await http.get<BonsaiResponse>('/api/bonsai', { token: lead.accessToken });
    return [
      today.body.members.find((m) => m.name === 'Busy Member')?.onCall,
      tree.body.members.find((m) => m.name === 'Busy Member')?.onCall,
    ];
  };

  it('is on the call while it rings or talks, and off it as soon as it ended, before its line goes idle', async () => {
    const calls = testApp.platform.db.collection('calls');
    const base = {
      agentId: member.user._id,
      phone: '+15550001',
      phoneDigits: '15550001',
      name: 'Callee',
      direction: 'outbound',
      startedAt: new Date(),
    };
    const { insertedId } = await calls.insertOne({ ...base, state: 'connected', live: true, connectedAt: new Date() });
    expect(await onCall()).toEqual([true, true]);
    await calls.updateOne({ _id: insertedId }, { $set: { state: 'ended', endedAt: new Date(), status: 'answered' } });
    expect(await onCall()).toEqual([false, false]);
    await calls.updateOne({ _id: insertedId }, { $set: { state: 'idle' }, $unset: { live: '' } });
    expect(await onCall()).toEqual([false, false]);
  });
});
