import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptItem } from '../../shared/schemas/scripts/list.js';
import { scriptsSeedStep } from '../../server/features/scripts/seed.js';
import { scriptsCollection } from '../../server/features/scripts/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

describe('sales scripts', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let agent: CreatedUser;
  let owner: CreatedUser;
  let otherOwner: CreatedUser;
  let admin: CreatedUser;
  let adwordsId: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    [agent, owner, otherOwner, admin] = await Promise.all([
      createUser(testApp),
      createUser(testApp, { role: 'owner' }),
      createUser(testApp, { role: 'owner' }),
      createUser(testApp, { role: 'admin' }),
    ]);
    const adwords = await createTestCampaign(testApp, owner.user, { name: 'Adwords' });
    adwordsId = adwords.id;
    await scriptsSeedStep.run(testApp.platform);
    await scriptsSeedStep.run(testApp.platform);
  });
  afterAll(() => testApp?.close());

  const scripts = async (who: CreatedUser, campaign: string) =>
    (await http.get<{ items: ScriptItem[] }>(`/api/scripts?campaign=${campaign}`, { token: who.accessToken })).body
      .items;

  it('has scripts for hotel, adwords and real-estate-egypt only, seeded once', async () => {
    expect(await scriptsCollection(testApp.platform.db).countDocuments()).toBe(8);
    for (const slug of ['hotel', 'adwords', 'real-estate-egypt'])
      expect((await scripts(agent, slug)).length).toBeGreaterThanOrEqual(2);
    expect(await scripts(agent, 'real-estate-dubai')).toEqual([]);
    expect((await scripts(agent, adwordsId)).map((s) => s.campaign)).toEqual(['adwords', 'adwords']);
    expect((await scripts(agent, 'hotel'))[0]).toMatchObject({
      title: 'Cold Call Opener - Corporate Travel',
      type: 'call',
      editable: false,
    });
  });

  it("lets the campaign's owner and admins edit, nobody else", async () => {
    const [hotel] = await scripts(admin, 'hotel');
    const [adwords] = await scripts(owner, 'adwords');
    expect(adwords.editable).toBe(true);
    expect((await scripts(owner, 'hotel'))[0].editable).toBe(false);

    const edited = await http.put<ScriptItem>(
      `/api/scripts/${adwords.id}`,
      { content: 'Hi {name}, new opener.\r\nLine two' },
      { token: owner.accessToken },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'Hi {name}, new opener.\nLine two', title: adwords.title });
    // An agent is refused at the door (owners and admins only), another owner by the campaign's ownership.
    expect(
      (await http.put(`/api/scripts/${adwords.id}`, { content: 'hijack' }, { token: agent.accessToken })).status,
    ).toBe(403);
    const refused = await http.put(
      `/api/scripts/${adwords.id}`,
      { content: 'hijack' },
      { token: otherOwner.accessToken },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Only this campaign's owner or an admin can edit its scripts.");
    expect((await http.put(`/api/scripts/${hotel.id}`, { content: 'x' }, { token: owner.accessToken })).status).toBe(
      403,
    );
    expect(
      (await http.put<ScriptItem>(`/api/scripts/${hotel.id}`, { title: 'Better opener' }, { token: admin.accessToken }))
        .body.title,
    ).toBe('Better opener');
    expect(
      (await http.put(`/api/scripts/${hotel.id}`, { content: '   ' }, { token: admin.accessToken })).body.error,
    ).toBe('The script cannot be empty.');
    expect((await http.put(`/api/scripts/${hotel.id}`, { content: 'x' })).status).toBe(401);
    // The seed never overwrites an edited script.
    await scriptsSeedStep.run(testApp.platform);
    expect((await scripts(agent, 'adwords')).find((s) => s.id === adwords.id)!.content).toBe(
      'Hi {name}, new opener.\nLine two',
    );
  });
});
