import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutsResponse } from '../../shared/schemas/commissions/ledger.js';
import type { PayoutRunResponse } from '../../shared/schemas/commissions/payout-run.js';
import { findUserByEmail } from '../../server/features/users/repository.js';
import { signAccessToken } from '../../server/platform/auth.js';
import { seedDemoData } from '../../server/seed/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client } from '../support/http.js';

describe('demo money on a fresh start', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  const tokenOf = async (email: string) =>
    signAccessToken(testApp.app, (await findUserByEmail(testApp.platform.db, email))!);

  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    // A restart seeds again: it must not pay what is left for the admin.
    await seedDemoData(testApp.platform);
    await seedDemoData(testApp.platform);
  });
  afterAll(() => testApp?.close());

  it('agents already have completed payouts, and the admin run pays the deals past their hold window', async () => {
    const agent = await tokenOf('agent@demo.test');
    const before = (await http.get<PayoutsResponse>('/api/payouts', { token: agent })).body;
    const completedBefore = before.payouts.filter((p) => p.status === 'completed');
    expect(completedBefore.length).toBeGreaterThan(0);
    expect(completedBefore.every((p) => p.amount > 0)).toBe(true);

    const run = await http.post<PayoutRunResponse>('/api/admin/payouts/run', undefined, {
      token: await tokenOf('admin@demo.test'),
    });
    expect(run.status).toBe(200);
    expect(run.body.payouts).toBeGreaterThan(0);
    expect(run.body.total).toBeGreaterThan(0);

    const after = (await http.get<PayoutsResponse>('/api/payouts', { token: agent })).body;
    expect(after.payouts.filter((p) => p.status === 'completed').length).toBeGreaterThan(completedBefore.length);
    expect(after.totals.paid).toBeGreaterThan(before.totals.paid);
    // Deals closed days ago are still in their hold window: the run leaves them pending.
    expect(after.totals.pending).toBeGreaterThan(0);
  });
});
