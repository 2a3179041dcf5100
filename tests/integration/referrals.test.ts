import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferralMessages } from '../../shared/schemas/invitations/referral.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client } from '../support/http.js';

describe('GET /api/referrals/:code', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
  });
  afterAll(() => testApp?.close());

  it('names the owner of a known code by first name only, to anyone', async () => {
    const inviter = await createUser(testApp, { name: 'Rania Recruiter Hassan' });
    const res = await http.get(`/api/referrals/${encodeURIComponent(inviter.user.referralCode.toLowerCase())}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: inviter.user.referralCode, inviterFirstName: 'Rania' });
  });

  it('says an unknown code is not valid, so the sign-up form can tell the visitor', async () => {
    const res = await http.get<{ error: string }>('/api/referrals/NO-SUCH-CODE');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(ReferralMessages.unknown);
    const long = await http.get<{ error: string }>(`/api/referrals/${'X'.repeat(80)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(ReferralMessages.unknown);
  });
});
