import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignList } from '../../shared/schemas/campaigns/list.js';
import type { EarningsInsights } from '../../shared/schemas/insights/agent.js';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';
import { formatCents } from '../../client/ui/format.js';
import { bucketLabel } from '../../client/features/insights/format.js';
import {
  appUrl,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  waitForLiveConnection,
  type AxeViolation,
} from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const TZ = 'America/New_York';
const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * An open lead of the demo agent in the hotel campaign, which pays commission (a lead of the demo's "Test calls"
 * campaign pays 0 %, so closing it moves no earnings): one of theirs, or a fresh one imported by the owner and
 * requested by the agent.
 */
async function openLeadOfAgent(agentToken: string): Promise<LeadItem> {
  const { items } = await apiCall<CampaignList>(agentToken, '/api/campaigns?status=active');
  const hotel = items.find((campaign) => campaign.slug === 'hotel') ?? items[0];
  const own = await apiCall<{ items: LeadItem[] }>(agentToken, `/api/leads?limit=100&campaignId=${hotel.id}`);
  const open = own.items.find((lead) => lead.stage !== 'Closed' && lead.stage !== 'Lost');
  if (open) return open;
  const ownerToken = await apiToken('owner@demo.test');
  const prefix = `Insight ${Date.now().toString(36)}`;
  const form = new FormData();
  form.append(
    'file',
    new Blob([`name,email\n${prefix} 1,insight.${Date.now().toString(36)}@example.test\n`], { type: 'text/csv' }),
    'insight.csv',
  );
  await apiCall(ownerToken, `/api/campaigns/${hotel.id}/leads/import`, { form });
  await apiCall(agentToken, `/api/campaigns/${hotel.id}/join`, { method: 'POST' }).catch(() => undefined);
  let lead: LeadItem | undefined;
  await expect
    .poll(
      async () => {
        await apiCall(agentToken, '/api/leads/request', { body: { campaignId: hotel.id, count: 1 } }).catch(
          () => undefined,
        );
        lead = (await apiCall<{ items: LeadItem[] }>(agentToken, `/api/leads?search=${encodeURIComponent(prefix)}`))
          .items[0];
        return Boolean(lead);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return lead!;
}

describe('insights', () => {
  it("moves the agent's earnings table when a deal closes elsewhere, without a reload", async () => {
    const agentToken = await apiToken('agent@demo.test');
    const lead = await openLeadOfAgent(agentToken);
    const todayRow = async () => {
      const data = await apiCall<EarningsInsights>(
        agentToken,
        `/api/insights/earnings?period=this-week&tz=${encodeURIComponent(TZ)}`,
      );
      return data.buckets[data.buckets.length - 1];
    };
    const before = await todayRow();

    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true, timezoneId: TZ });
    try {
      await signInAs(page);
      const live = waitForLiveConnection(page);
      await page.goto(appUrl('/dashboard/insights?period=this-week'));
      const card = page.getByRole('region', { name: 'Earnings over time' });
      await card.waitFor();
      await live;
      await expect
        .poll(() => card.getByRole('img').getAttribute('aria-label'))
        .toMatch(/^Earnings over time: \$[\d,.]+ earned/);
      await card.locator('label', { hasText: 'View as table' }).click();
      expect(await card.getByRole('switch', { name: 'View as table' }).isChecked()).toBe(true);
      const row = card.getByRole('row', { name: new RegExp(`^${bucketLabel(before.start, 'day')}\\b`) });
      await expect.poll(() => row.textContent()).toContain(formatCents(before.total));

      await apiCall(agentToken, `/api/leads/${lead.id}/close`, { body: { dealValue: 1234.56 } });
      let after = before;
      await expect
        .poll(
          async () => {
            after = await todayRow();
            return after.total;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBeGreaterThan(before.total);
      // The ledger has the new lines: the open page shows them from the live event, within 2 s and with no reload.
      await expect.poll(() => row.textContent(), { timeout: 2_000, interval: 100 }).toContain(formatCents(after.total));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious axe violations (${colorScheme}), as charts and as tables`, async () => {
      const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true, colorScheme });
      try {
        await signInAs(page);
        await page.goto(appUrl('/dashboard/insights?period=last-3-months&by=week'));
        await page.getByRole('region', { name: 'Earnings over time' }).waitFor();
        await page.getByRole('region', { name: 'Calls by hour of day' }).waitFor();
        expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
        for (const toggle of await page.locator('label', { hasText: 'View as table' }).all()) await toggle.click();
        await page.getByRole('table', { name: 'Earnings over time table' }).waitFor();
        expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
