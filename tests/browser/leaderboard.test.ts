import { describe, expect, it } from 'vitest';
import type { CampaignList } from '../../shared/schemas/campaigns/list.js';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';
import type { Leaderboard } from '../../shared/schemas/leaderboard/standings.js';
import { TEST_CALLS_SLUG } from '../../server/features/campaigns/seed.js';
import {
  appUrl,
  browserForFile,
  expectToast,
  openPage,
  seriousAxeViolations,
  waitForLiveConnection,
} from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

const browser = browserForFile();

/**
 * An open lead of the demo agent in a campaign that pays commission (the test lines' campaign pays none, so its deals
 * write no ledger line): one of theirs, or a fresh one imported by the owner and requested by the agent.
 */
async function openLeadOfAgent(agentToken: string): Promise<LeadItem> {
  const own = await apiCall<{ items: LeadItem[] }>(agentToken, '/api/leads?limit=100');
  const open = own.items.find(
    (lead) => lead.stage !== 'Closed' && lead.stage !== 'Lost' && lead.campaignSlug !== TEST_CALLS_SLUG,
  );
  if (open) return open;
  const ownerToken = await apiToken('owner@demo.test');
  const { items } = await apiCall<CampaignList>(agentToken, '/api/campaigns?status=active');
  const hotel = items.find((campaign) => campaign.slug === 'hotel') ?? items[0];
  const prefix = `Board ${Date.now().toString(36)}`;
  const form = new FormData();
  form.append(
    'file',
    new Blob([`name,email\n${prefix} 1,board.${Date.now().toString(36)}@example.test\n`], { type: 'text/csv' }),
    'board.csv',
  );
  await apiCall(ownerToken, `/api/campaigns/${hotel.id}/leads/import`, { form });
  await apiCall(agentToken, `/api/campaigns/${hotel.id}/join`, { method: 'POST' });
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

describe('leaderboard', () => {
  it('shows on /community and moves without a reload when a deal closes', async () => {
    const agentToken = await apiToken('agent@demo.test');
    const before = await apiCall<Leaderboard>(agentToken, '/api/leaderboard?period=week&by=deals');
    const lead = await openLeadOfAgent(agentToken);

    const { page, context, errors } = await openPage(browser(), '/login', { bypassCSP: true });
    try {
      await signInAs(page);
      const live = waitForLiveConnection(page);
      await page.goto(appUrl('/community'));
      const board = page.getByTestId('leaderboard');
      await board.getByRole('heading', { name: 'Leaderboard' }).waitFor();
      await live;
      expect(await board.getByRole('tab', { name: 'This Week' }).getAttribute('aria-selected')).toBe('true');
      const mine = board.getByTestId('leaderboard-me');
      await expect
        .poll(() => mine.textContent())
        .toContain(before.me.rank === null ? 'You have no closed deals this week.' : `${before.me.deals} deal`);

      // The deal is closed elsewhere (through the API): the board re-reads itself from the live event.
      await apiCall(agentToken, `/api/leads/${lead.id}/close`, { body: { dealValue: 2500 } });
      const deals = before.me.deals + 1;
      await expect
        .poll(() => mine.textContent(), { timeout: 30_000, interval: 300 })
        .toMatch(new RegExp(`Your rank: #\\d+ · ${deals} deals?`));
      await board.getByTestId('leaderboard-entry').first().waitFor();

      // The filters work on the server: all time by earnings still has the agent ranked.
      await board
        .getByRole('radio', { name: 'Earnings' })
        .or(board.getByRole('button', { name: 'Earnings' }))
        .first()
        .click();
      await board.getByRole('tab', { name: 'All Time' }).click();
      await expect.poll(() => mine.textContent(), { timeout: 10_000 }).toMatch(/Your rank: #\d+/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shares a closed deal as a win with one click from the commission statement', async () => {
    const agentToken = await apiToken('agent@demo.test');
    const lead = await openLeadOfAgent(agentToken);
    const deal = await apiCall<{ id: string; value: number }>(agentToken, `/api/leads/${lead.id}/close`, {
      body: { dealValue: 12500 },
    });
    // The commissions worker writes the line the button sits on.
    await expect
      .poll(
        async () =>
          (await apiCall<{ ledger: Array<{ dealId: string }> }>(agentToken, '/api/payouts?limit=50')).ledger.some(
            (line) => line.dealId === deal.id,
          ),
        { timeout: 30_000, interval: 300 },
      )
      .toBe(true);

    const { page, context, errors } = await openPage(browser(), '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl(`/dashboard/bonsai?campaign=${lead.campaignId}`));
      await page.getByRole('tab', { name: 'Payouts History' }).click();
      const row = page.getByTestId('ledger-table').getByRole('row').filter({ hasText: lead.name }).first();
      await row.getByRole('button', { name: /^Share this win/ }).click();
      await expectToast(page, 'Post shared with the community!');
      await row.getByText('Shared with the community').waitFor();

      // The post carries the deal's own value, so the Whale Deal badge is earned.
      const posts = await apiCall<{
        items: Array<{ content: string; dealValue?: number; whaleDeal: boolean; verifiedDeal: boolean }>;
      }>(agentToken, '/api/posts?type=wins&limit=5');
      expect(posts.items[0]).toMatchObject({ dealValue: 1_250_000, whaleDeal: true, verifiedDeal: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers to share the win in the lead panel right after closing the deal', async () => {
    const agentToken = await apiToken('agent@demo.test');
    const lead = await openLeadOfAgent(agentToken);
    const { page, context, errors } = await openPage(browser(), '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl(`/dashboard/leads?lead=${lead.id}`));
      const panel = page.getByTestId('lead-panel');
      await panel.getByRole('heading', { name: lead.name }).waitFor();
      const closeForm = panel.getByRole('form', { name: `Close a deal with ${lead.name}` });
      // A refused value's message goes as soon as a valid one is typed, before the next submit.
      await closeForm.getByLabel('Deal value (USD)').fill('0');
      await closeForm.getByRole('button', { name: 'Close deal' }).click();
      const refusal = closeForm.getByText('Please enter the deal value.', { exact: true });
      await refusal.waitFor();
      await closeForm.getByLabel('Deal value (USD)').fill('15000');
      await expect.poll(() => refusal.count()).toBe(0);
      await closeForm.getByRole('button', { name: 'Close deal' }).click();
      await page
        .getByRole('dialog', { name: `Close the deal with ${lead.name}?` })
        .getByRole('button', { name: 'Confirm and close' })
        .click();
      await expectToast(page, 'Deal closed');
      await panel
        .getByTestId('share-win')
        .getByRole('button', { name: /^Share this win/ })
        .click();
      await expectToast(page, 'Post shared with the community!');
      await panel.getByText('Shared with the community').waitFor();
      const posts = await apiCall<{ items: Array<{ dealValue?: number; whaleDeal: boolean; verifiedDeal: boolean }> }>(
        agentToken,
        '/api/posts?type=wins&limit=1',
      );
      expect(posts.items[0]).toMatchObject({ dealValue: 1_500_000, whaleDeal: true, verifiedDeal: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives admins the payouts screen: pending money, the run, completed payouts', async () => {
    const { page, context, errors } = await openPage(browser(), '/login', { bypassCSP: true });
    try {
      await signInAs(page, 'admin@demo.test');
      await page.goto(appUrl('/dashboard/waitlist-admin'));
      await page.getByRole('link', { name: 'Payouts' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
      // The demo agent's deals closed above wait in their hold window.
      await page
        .getByTestId('admin-payouts-table')
        .getByRole('row')
        .filter({ hasText: 'Alex Warrior' })
        .first()
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Run payouts' }).click();
      await expectToast(page, 'Payout run completed');
      const adminToken = await apiToken('admin@demo.test');
      const completed = await apiCall<{ items: unknown[] }>(adminToken, '/api/admin/payouts?status=completed');
      await page
        .getByRole('radio', { name: 'Completed' })
        .or(page.getByRole('button', { name: 'Completed' }))
        .first()
        .click();
      if (completed.items.length > 0)
        await page.getByTestId('admin-payouts-table').getByText('Completed', { exact: true }).first().waitFor();
      else await page.getByText('No Payouts Yet').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
