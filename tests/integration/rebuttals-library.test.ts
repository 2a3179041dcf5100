import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import type { RebuttalsChangedPayload } from '../../shared/schemas/rebuttals/library.js';
import { findCampaignById } from '../../server/features/campaigns/public.js';
import { bestRebuttalFor } from '../../server/features/rebuttals/live-suggestions.js';
import { rebuttalsCollection, rebuttalVotesCollection } from '../../server/features/rebuttals/repository.js';
import { addScriptOnce } from '../../server/features/scripts/service.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';

/**
 * The AI-rebuttals library (issue 31): campaign owners and admins write entries for their campaigns, agents vote them
 * up (one vote each, a second click takes it back), and the live panel's pick follows the votes; with no entry, the
 * campaign's script answers.
 */
describe('the AI-rebuttals library: written by owners, voted up by agents', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let owner: CreatedUser;
  let otherOwner: CreatedUser;
  let admin: CreatedUser;
  let agent: CreatedUser;
  let agent2: CreatedUser;
  let slug: string;
  let otherSlug: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    http = client(testApp.url);
    const mine = await createCampaignWithAgents(testApp, 2, 'Solar Library');
    const theirs = await createCampaignWithAgents(testApp, 0, 'Hotel Library');
    owner = mine.owner;
    [agent, agent2] = mine.agents as [CreatedUser, CreatedUser];
    otherOwner = theirs.owner;
    admin = await createUser(testApp, { role: 'admin' });
    slug = (await findCampaignById(testApp.platform.db, mine.campaignObjectId))!.slug;
    otherSlug = (await findCampaignById(testApp.platform.db, theirs.campaignObjectId))!.slug;
  });
  afterAll(() => testApp?.close());

  const entry = (overrides: Record<string, unknown> = {}) => ({
    objection: "It's too expensive.",
    phrases: ['costs too much'],
    campaign: slug,
    category: 'Price',
    rebuttal: 'Most homeowners pay less per month than their old bill.',
    ...overrides,
  });

  it('lets the owner write, edit and delete entries for their campaign, and pushes each change to open pages', async () => {
    const socket = await testApp.socket(agent.accessToken);
    const changes: RebuttalsChangedPayload[] = [];
    socket.on(SocketEvents.rebuttalsChanged, (payload) => changes.push(payload));

    const listBefore = await http.get('/api/rebuttals', { token: owner.accessToken });
    expect(listBefore.body.writableCampaigns).toEqual([slug]);
    expect((await http.get('/api/rebuttals', { token: agent.accessToken })).body.writableCampaigns).toEqual([]);

    const created = await http.post('/api/rebuttals', entry({ objection: "  It's   too expensive. " }), {
      token: owner.accessToken,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      objection: "It's too expensive.",
      phrases: ['costs too much'],
      campaign: slug,
      votes: 0,
      voted: false,
      editable: true,
    });
    const id = created.body.id;
    await expect.poll(() => changes.length).toBe(1);
    expect(changes[0]).toMatchObject({ change: 'saved', entry: { id, objection: "It's too expensive." } });

    const agentView = await http.get('/api/rebuttals', { token: agent.accessToken });
    expect(agentView.body.items.find((item) => item.id === id)).toMatchObject({ editable: false, voted: false });

    const edited = await http.put(`/api/rebuttals/${id}`, entry({ rebuttal: 'Let me show you the monthly figure.' }), {
      token: owner.accessToken,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.rebuttal).toBe('Let me show you the monthly figure.');
    await expect.poll(() => changes.length).toBe(2);
    expect(changes[1]).toMatchObject({
      change: 'saved',
      entry: { id, rebuttal: 'Let me show you the monthly figure.' },
    });

    const duplicate = await http.post('/api/rebuttals', entry(), { token: owner.accessToken });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('This campaign already has a rebuttal for that objection.');

    const deleted = await http.delete(`/api/rebuttals/${id}`, { token: owner.accessToken });
    expect(deleted.status).toBe(204);
    await expect.poll(() => changes.length).toBe(3);
    expect(changes[2]).toEqual({ change: 'deleted', id });
    expect(await rebuttalsCollection(testApp.platform.db).countDocuments({ campaign: slug })).toBe(0);
    expect((await http.delete(`/api/rebuttals/${id}`, { token: owner.accessToken })).status).toBe(404);
    socket.disconnect();
  });

  it("refuses agents and other campaigns' owners, lets an admin write for any campaign", async () => {
    const created = await http.post('/api/rebuttals', entry({ objection: 'Send me an email.' }), {
      token: owner.accessToken,
    });
    const id = created.body.id;
    const stored = await rebuttalsCollection(testApp.platform.db).findOne({ objection: 'Send me an email.' });

    const byAgent = await http.post('/api/rebuttals', entry({ objection: 'Agent wrote this' }), {
      token: agent.accessToken,
    });
    expect(byAgent.status).toBe(403);
    expect((await http.put(`/api/rebuttals/${id}`, entry(), { token: agent.accessToken })).status).toBe(403);
    expect((await http.delete(`/api/rebuttals/${id}`, { token: agent.accessToken })).status).toBe(403);

    const intoTheirs = await http.post('/api/rebuttals', entry({ objection: 'Not mine' }), {
      token: otherOwner.accessToken,
    });
    expect(intoTheirs.status).toBe(403);
    expect(intoTheirs.body.error).toBe("Only this campaign's owner or an admin can write its rebuttals.");
    const editTheirs = await http.put(`/api/rebuttals/${id}`, entry({ rebuttal: 'Hijacked' }), {
      token: otherOwner.accessToken,
    });
    expect(editTheirs.status).toBe(403);
    expect((await http.delete(`/api/rebuttals/${id}`, { token: otherOwner.accessToken })).status).toBe(403);
    // Moving one's own entry into a campaign one does not own is refused as well.
    const moved = await http.put(
      `/api/rebuttals/${id}`,
      entry({ objection: 'Send me an email.', campaign: otherSlug }),
      {
        token: owner.accessToken,
      },
    );
    expect(moved.status).toBe(403);
    expect(await rebuttalsCollection(testApp.platform.db).findOne({ _id: stored!._id })).toEqual(stored);
    expect(
      await rebuttalsCollection(testApp.platform.db).countDocuments({
        objection: { $in: ['Agent wrote this', 'Not mine'] },
      }),
    ).toBe(0);

    const byAdmin = await http.post('/api/rebuttals', entry({ objection: 'Admin wrote this', campaign: otherSlug }), {
      token: admin.accessToken,
    });
    expect(byAdmin.status).toBe(201);
    expect((await http.get('/api/rebuttals', { token: admin.accessToken })).body.writableCampaigns).toEqual(
      expect.arrayContaining([slug, otherSlug]),
    );
    expect(
      (
        await http.put(`/api/rebuttals/${id}`, entry({ objection: 'Send me an email.', rebuttal: 'Admin edit' }), {
          token: admin.accessToken,
        })
      ).status,
    ).toBe(200);
    expect((await http.delete(`/api/rebuttals/${byAdmin.body.id}`, { token: admin.accessToken })).status).toBe(204);
    expect((await http.delete(`/api/rebuttals/${id}`, { token: owner.accessToken })).status).toBe(204);
  });

  it('answers bad input with a clear message and changes nothing', async () => {
    const count = () => rebuttalsCollection(testApp.platform.db).countDocuments({});
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [entry({ objection: '   ' }), 'Please enter the objection the lead says.'],
      [entry({ rebuttal: '  \n ' }), 'Please write the rebuttal.'],
      [entry({ campaign: '' }), 'Please choose the campaign this rebuttal belongs to.'],
      [entry({ campaign: 'no-such-campaign' }), 'Please choose the campaign this rebuttal belongs to.'],
      [entry({ objection: 'x'.repeat(201) }), 'An objection can be at most 200 characters.'],
      [entry({ rebuttal: 'x'.repeat(2001) }), 'A rebuttal can be at most 2,000 characters.'],
      [entry({ phrases: ['a'] }), 'Each objection phrase needs 2 to 60 characters, at most 10 phrases.'],
      [
        entry({ phrases: Array.from({ length: 11 }, (_, i) => `phrase ${i}`) }),
        'Each objection phrase needs 2 to 60 characters, at most 10 phrases.',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await http.post('/api/rebuttals', body, { token: owner.accessToken });
      expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 400, error: message });
    }
    expect(await count()).toBe(before);
  });

  it('counts one vote per user, takes it back on a second click, and the live pick follows the votes', async () => {
    const cheap = await http.post(
      '/api/rebuttals',
      entry({ objection: 'Way too expensive for us', rebuttal: 'First answer' }),
      { token: owner.accessToken },
    );
    const value = await http.post(
      '/api/rebuttals',
      entry({ objection: 'Honestly, too expensive.', phrases: [], rebuttal: 'Second answer' }),
      { token: owner.accessToken },
    );
    const [first, second] = [cheap.body.id, value.body.id];
    expect(await bestRebuttalFor(testApp.platform, slug, 'too expensive')).toMatchObject({
      id: first,
      source: 'library',
      votes: 0,
    });

    const socket = await testApp.socket(agent2.accessToken);
    const changes: RebuttalsChangedPayload[] = [];
    socket.on(SocketEvents.rebuttalsChanged, (payload) => changes.push(payload));

    const up = await http.post(`/api/rebuttals/${second}/vote`, undefined, { token: agent.accessToken });
    expect(up.body).toEqual({ voted: true, votes: 1 });
    await expect.poll(() => changes.at(-1)).toEqual({ change: 'voted', id: second, votes: 1 });
    expect(await bestRebuttalFor(testApp.platform, slug, 'too expensive')).toMatchObject({ id: second, votes: 1 });

    const together = await Promise.all([
      http.post(`/api/rebuttals/${second}/vote`, undefined, { token: agent2.accessToken }),
      http.post(`/api/rebuttals/${first}/vote`, undefined, { token: agent2.accessToken }),
    ]);
    expect(together.map((a) => a.body)).toEqual([
      { voted: true, votes: 2 },
      { voted: true, votes: 1 },
    ]);
    const list = await http.get('/api/rebuttals', { token: agent.accessToken });
    const mine = list.body.items.filter((item) => item.campaign === slug);
    expect(mine.map((item) => [item.id, item.votes, item.voted])).toEqual([
      [second, 2, true],
      [first, 1, false],
    ]);

    const back = await http.post(`/api/rebuttals/${second}/vote`, undefined, { token: agent.accessToken });
    expect(back.body).toEqual({ voted: false, votes: 1 });
    const back2 = await http.post(`/api/rebuttals/${second}/vote`, undefined, { token: agent2.accessToken });
    expect(back2.body).toEqual({ voted: false, votes: 0 });
    expect(await rebuttalVotesCollection(testApp.platform.db).countDocuments({ userId: agent.user._id })).toBe(0);
    // Now the first entry has the only vote: the live panel switches back to it.
    expect(await bestRebuttalFor(testApp.platform, slug, 'too expensive')).toMatchObject({ id: first, votes: 1 });
    // The extra phrase answers too.
    expect(await bestRebuttalFor(testApp.platform, slug, 'costs too much')).toMatchObject({ id: first });
    expect(
      (await http.post('/api/rebuttals/0123456789abcdef01234567/vote', undefined, { token: agent.accessToken })).status,
    ).toBe(404);
    socket.disconnect();
  });

  it("answers from the campaign's script when no library entry matches, labelled with the script's title", async () => {
    const { platform } = testApp;
    await addScriptOnce(platform, {
      campaign: slug,
      order: 1,
      title: 'Solar Opener',
      category: 'Opening',
      type: 'call',
      content: `Hi {name}, this is {agent} with Solar.

[If they say they already have one]
That's great. Most of our customers had panels too; we check that yours still produce what they promised.

[If they ask who gave you my number]
You asked for a quote on our partner's site; I can take your number off right away.`,
    });
    await addScriptOnce(platform, {
      campaign: slug,
      order: 2,
      title: 'Solar Email',
      category: 'Follow-up',
      type: 'email',
      content: 'Subject: Not interested?\n\nIf you are not interested, reply and we stop.',
    });
    const fromScript = await bestRebuttalFor(platform, slug, 'already have one');
    expect(fromScript).toMatchObject({
      source: 'script',
      scriptTitle: 'Solar Opener',
      text: "That's great. Most of our customers had panels too; we check that yours still produce what they promised.",
    });
    // Another campaign's script is not this campaign's answer; an e-mail script is not said on a call.
    expect(await bestRebuttalFor(platform, otherSlug, 'already have one')).toBeNull();
    expect(await bestRebuttalFor(platform, slug, 'not interested')).toBeNull();

    // A library entry, once written, wins over the script.
    const written = await http.post(
      '/api/rebuttals',
      entry({ objection: 'We already have one.', phrases: [], rebuttal: 'Library answer' }),
      { token: owner.accessToken },
    );
    expect(await bestRebuttalFor(platform, slug, 'already have one')).toMatchObject({
      id: written.body.id,
      source: 'library',
    });
    expect(await bestRebuttalFor(platform, slug, 'who gave you my number')).toMatchObject({
      source: 'script',
      text: "You asked for a quote on our partner's site; I can take your number off right away.",
    });
  });
});
