import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, createCallableLead } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';

// States stricter than 8:00-21:00 (shared/constants.ts STATE_CALLING_RULES, or the campaign's `stateRules`), with the
// simulator. Each placed call is by its own agent: one live call each.
const clock = new ManualClock(new Date('2026-06-01T00:30:00Z'));
let testApp: TestApp;
let http: ReturnType<typeof client>;
let campaignId: string;
let owner: CreatedUser;
let agents: CreatedUser[];

const dial = async (user: CreatedUser, body: { phone: string; leadId?: string }) => {
  const res = await http.post<CallView & { error?: string }>('/dialer/calls', body, { token: user.accessToken });
  return res.status === 201 ? { status: 201 } : { status: res.status, error: res.body.error };
};

beforeAll(async () => {
  testApp = await buildTestApp({ clock, simulator: { speed: 10 } });
  http = client(`${testApp.url}/api`);
  ({ campaignId, owner, agents } = await createCampaignWithAgents(testApp, 6));
  await Promise.all(agents.map((agent) => connectDialer(testApp, agent.accessToken)));
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('calling rules per US state', () => {
  it('Florida by default: 8:00-20:00 and at most 3 calls per 24 h to one number; a campaign sets its own rule', async () => {
    clock.set('2026-06-01T00:30:00Z'); // 20:30 EDT in Miami and New York
    expect(await dial(agents[0]!, { phone: '305-555-0100' })).toEqual({
      status: 403,
      error:
        "Outside calling hours: it is 20:30 for this lead (America/New_York); calls are allowed 8:00-20:00 in the lead's time zone.",
    });
    expect(await dial(agents[0]!, { phone: '212-555-0100' })).toEqual({ status: 201 }); // New York keeps 8:00-21:00

    clock.set('2026-06-01T16:00:00Z'); // 12:00 EDT
    for (const agent of agents.slice(1, 4))
      expect(await dial(agent, { phone: '(305) 555-0100' })).toEqual({ status: 201 });
    expect(await dial(agents[4]!, { phone: '13055550100' })).toEqual({
      status: 403,
      error:
        '(305) 555-0100 has already been called 3 times in the last 24 hours, the most Florida allows. Try again later.',
    });

    // The campaign's own Florida rule replaces the default (a narrower window, no call limit).
    const saved = await http.patch<CampaignDetail>(
      `/campaigns/${campaignId}`,
      { stateRules: { FL: { hours: { start: '08:00', end: '11:00' } } } },
      { token: owner.accessToken },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.stateRules).toEqual({ FL: { hours: { start: '08:00', end: '11:00' } } });
    const lead = await createCallableLead(testApp, campaignId, agents[5]!.user, '9045550101', {
      timeZone: 'America/New_York',
    });
    expect(await dial(agents[5]!, { phone: '904-555-0101', leadId: lead._id.toHexString() })).toEqual({
      status: 403,
      error:
        "Outside calling hours: it is 12:00 for this lead (America/New_York); calls are allowed 8:00-11:00 in the lead's time zone.",
    });

    const bad = await http.patch(
      `/campaigns/${campaignId}`,
      { stateRules: { FL: { hours: { start: '20:00', end: '08:00' } } } },
      { token: owner.accessToken },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error:
        'State calling rules need a two-letter US state code, calling hours (HH:MM, 24-hour) and at most 1-50 calls per 24 hours.',
    });
  }, 60_000);
});
