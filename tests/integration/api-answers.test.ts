import { readFileSync } from 'node:fs';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

// Answers that name the real problem and agree with docs/api.md (issue 34, N6).
let testApp: TestApp;
let http: ReturnType<typeof client>;
let owner: CreatedUser;
let agent: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  http = client(`${testApp.url}/api`);
  owner = await createUser(testApp, { role: 'owner' });
  agent = await createUser(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

const campaignBody = (name: string) => ({
  name,
  description: 'A campaign for tests',
  status: 'active' as const,
  roleNeeded: 'Both' as const,
  payoutRange: '$500-$2500',
  commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
});

/** docs/api.md's route headings (`### \`GET /api/x\` · \`POST /api/x\``) with the statuses their section names. */
function documentedStatuses(): Map<string, Set<number>> {
  const doc = readFileSync('docs/api.md', 'utf8');
  const found = new Map<string, Set<number>>();
  const sections = doc.split(/^### /m).slice(1);
  for (const section of sections) {
    const [heading, ...body] = section.split('\n');
    const routes = [...heading.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*)/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    const statuses = new Set([...body.join('\n').matchAll(/`([1-5]\d\d)\b/g)].map((m) => Number(m[1])));
    for (const route of routes) found.set(route, new Set([...(found.get(route) ?? []), ...statuses]));
  }
  return found;
}

describe('answers and docs', () => {
  it('documents the success status each route answers with (its response schema)', () => {
    const documented = documentedStatuses();
    expect(documented.size).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of testApp.routes.filter((r) => r.url.startsWith('/api/'))) {
      const key = `${route.method} ${route.url}`;
      const statuses = documented.get(key);
      if (!statuses) continue;
      const answered = Object.keys(route.schema?.response ?? {})
        .map(Number)
        .filter((status) => status < 300);
      for (const status of answered)
        if (!statuses.has(status))
          wrong.push(`${key}: answers ${status}, docs name ${[...statuses].join(', ') || 'none'}`);
    }
    expect(wrong).toEqual([]);
  });

  it("gives a campaign named like another campaign's id a slug that is not an id", async () => {
    const first = await http.post<CampaignDetail>('/campaigns', campaignBody('First'), { token: owner.accessToken });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const twin = await http.post<CampaignDetail>('/campaigns', campaignBody(first.body.id), {
      token: owner.accessToken,
    });
    expect(twin.status).toBe(201);
    expect(twin.body.slug).not.toMatch(/^[0-9a-f]{24}$/);
    expect((await http.get<CampaignDetail>(`/campaigns/${twin.body.slug}`, { token: owner.accessToken })).body.id).toBe(
      twin.body.id,
    );
    expect((await http.get<CampaignDetail>(`/campaigns/${first.body.id}`, { token: owner.accessToken })).body.id).toBe(
      first.body.id,
    );
  });

  it('names the real problem of a 300-character campaign name', async () => {
    const res = await http.post('/campaigns', campaignBody('N'.repeat(300)), { token: owner.accessToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Name can be at most 100 characters.' });
  });

  it('answers 404 "Call not found." for a call id that is not one, as docs/api.md says', async () => {
    for (const id of ['not-a-call', 'abcdefghijkl', new ObjectId().toHexString()]) {
      const ended = await http.post(`/dialer/calls/${id}/end`, undefined, { token: agent.accessToken });
      expect(ended.status, id).toBe(404);
      expect(ended.body).toMatchObject({ error: 'Call not found.' });
      const notes = await http.patch(`/dialer/calls/${id}`, { notes: 'x' }, { token: agent.accessToken });
      expect(notes.status, id).toBe(404);
      const recording = await http.get(`/calls/${id}/recording`, { token: agent.accessToken });
      expect(recording.status, id).toBe(404);
    }
  });
});
