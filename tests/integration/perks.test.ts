import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerkItem } from '../../shared/schemas/perks/list.js';
import { perksSeedStep } from '../../server/features/perks/seed.js';
import { savePerk } from '../../server/features/perks/service.js';
import { perksCollection } from '../../server/features/perks/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

describe('perks', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let agent: CreatedUser;
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false, clock });
    http = client(testApp.url);
    agent = await createUser(testApp);
    await perksSeedStep.run(testApp.platform);
  });
  afterAll(() => testApp?.close());

  const list = async (query = '') =>
    (await http.get<{ items: PerkItem[] }>(`/api/perks${query}`, { token: agent.accessToken })).body.items;

  it('lists live perks with their flags and hides expired ones', async () => {
    const items = await list();
    expect(items.length).toBe(7);
    expect(items.map((p) => p.code)).not.toContain('SUMMER20');
    expect(items.find((p) => p.code === 'WARRIOR-SHARM')).toMatchObject({
      isNew: true,
      isLimited: true,
      category: 'travel',
      validUntil: '2026-04-30T12:00:00.000Z',
    });
    // Time passes: the limited travel perk expires too.
    clock.set(new Date('2026-05-01T00:00:00Z'));
    expect((await list()).map((p) => p.code)).not.toContain('WARRIOR-SHARM');
    clock.set(new Date('2026-03-01T12:00:00Z'));
  });

  it('filters by tab (any other value shows all) and searches title or description', async () => {
    expect((await list('?category=travel')).every((p) => p.category === 'travel')).toBe(true);
    expect((await list('?category=partnerships')).map((p) => p.code)).toEqual(['COWORK2']);
    expect((await list('?category=transport')).map((p) => p.code).sort()).toEqual(['CAIAIR15', 'RIDE150']);
    expect(await list('?category=whatever')).toHaveLength(7);
    expect((await list('?q=NILE')).map((p) => p.code)).toEqual(['NILE25']);
    expect((await list('?q=client%20calls')).map((p) => p.code)).toEqual(['COWORK2']);
    expect(await list('?q=(')).toEqual([]);
  });

  it('runs the seed again without duplicates or changed expiries', async () => {
    clock.set(new Date('2026-03-20T12:00:00Z'));
    await perksSeedStep.run(testApp.platform);
    clock.set(new Date('2026-03-01T12:00:00Z'));
    expect(await perksCollection(testApp.platform.db).countDocuments()).toBe(8);
    expect(
      (await perksCollection(testApp.platform.db).findOne({ code: 'WARRIOR-SHARM' }))!.validUntil!.toISOString(),
    ).toBe('2026-04-30T12:00:00.000Z');
    await savePerk(testApp.platform, {
      title: 'Open-ended',
      description: 'No end date',
      location: 'Giza',
      discount: '5%',
      category: 'shopping',
      isNew: false,
      isLimited: false,
      code: 'OPEN5',
    });
    expect((await list('?category=shopping')).map((p) => p.code).sort()).toEqual(['OPEN5', 'SHOP10']);
  });

  it('needs a signed-in user', async () => {
    expect((await http.get('/api/perks')).status).toBe(401);
  });
});
