import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonsaiResponse } from '../../shared/schemas/bonsai/get.js';
import type { CampaignList } from '../../shared/schemas/campaigns/list.js';
import type { ImportStatus } from '../../shared/schemas/leads/import.js';
import type { LeadRequestResult } from '../../shared/schemas/leads/request.js';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';
import type { LeadList } from '../../shared/schemas/leads/list.js';
import { appUrl, expectToast, launchBrowser, openPage, waitForPath } from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('dashboard', () => {
  it('signs in as the demo agent, selects a campaign and sees its leads with the status filters', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await expectToast(page, 'Welcome to your Dashboard!');
      // Four stat cards from GET /api/me/stats.
      for (const label of ['Monthly Earnings', 'Deals Closed', 'Avg Deal Size', 'Downline Agents'])
        await page.getByText(label, { exact: true }).waitFor();

      // A previous run may have left a campaign active: Change Campaign clears it.
      const change = page.getByRole('button', { name: 'Change Campaign' });
      if (await change.isVisible()) await change.click();
      const picker = page.getByRole('region', { name: 'Select a Campaign' });
      await picker.getByRole('searchbox', { name: 'Search campaigns' }).fill('zzz-no-such-campaign');
      await picker.getByText('No campaigns found').waitFor();
      await picker.getByRole('searchbox', { name: 'Search campaigns' }).fill('Adwords');
      await picker.getByRole('button', { name: /^Adwords/ }).click();
      await expectToast(page, 'Campaign selected: Adwords', "You'll now receive leads for this campaign.");

      const leads = page.getByRole('region', { name: 'Your Current Leads' });
      // The seeded Adwords deal of the demo agent.
      await leads.getByText('Giza Homes Realty', { exact: true }).waitFor();
      await leads
        .getByRole('radio', { name: 'Closed' })
        .or(leads.getByRole('button', { name: 'Closed' }))
        .first()
        .click();
      await leads.getByText('Giza Homes Realty', { exact: true }).waitFor();
      await leads
        .getByRole('radio', { name: 'Lost' })
        .or(leads.getByRole('button', { name: 'Lost' }))
        .first()
        .click();
      await leads.getByText('No leads found matching your filter').waitFor();

      // The choice is stored on the server: a reload keeps it.
      await page.reload();
      await page
        .getByRole('region', { name: 'Your Current Leads' })
        .getByText('Adwords', { exact: true })
        .first()
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has the spec sidebar, active by route prefix, collapsible to icons', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      for (const name of [
        'Overview',
        'Campaigns',
        'Leads',
        'Calls',
        'Insights',
        'Calendar',
        'My Bonsai',
        'Egypt Perks',
        'Waitlist',
        'Settings',
        'Support',
        'Materials',
        'Sales Scripts',
        'Voice Notes',
        'AI Rebuttals',
        'Lead Management',
      ])
        await nav.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
      await nav.getByRole('link', { name: /^Campaigns/ }).click();
      await waitForPath(page, '/dashboard/campaigns');
      await page
        .getByRole('link', { name: /^View details of / })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Commission structure' }).waitFor();
      await expect(nav.getByRole('link', { name: /^Campaigns/ }).getAttribute('aria-current')).resolves.toBe('page');
      await nav.getByRole('link', { name: /^Calls/ }).click();
      await waitForPath(page, '/dashboard/calls');
      await expect(nav.getByRole('link', { name: /^Calls/ }).getAttribute('aria-current')).resolves.toBe('page');
      await expect(nav.getByRole('link', { name: /^Campaigns/ }).getAttribute('aria-current')).resolves.toBeNull();
      // Collapsing leaves icons with accessible names.
      await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
      await nav.getByRole('link', { name: /^My Bonsai/ }).click();
      await waitForPath(page, '/dashboard/bonsai');
      await nav.getByRole('button', { name: 'Expand sidebar' }).click();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('header search from the keyboard: arrows move through the results, Enter opens the highlighted one, Escape closes', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page, 'owner@demo.test'); // the owner's search finds the four Real Estate campaigns
      const search = page.locator('header').getByRole('combobox', { name: 'Search campaigns and leads' });
      await search.fill('Real Estate');
      const list = page.getByRole('listbox', { name: 'Search results' });
      await list.waitFor();
      const options = list.getByRole('option');
      await expect.poll(() => options.count()).toBeGreaterThan(2);
      const count = await options.count();
      expect(await search.getAttribute('aria-expanded')).toBe('true');
      expect(await search.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
      const highlighted = async () => {
        const id = await search.getAttribute('aria-activedescendant');
        const selected = list.locator('[role="option"][aria-selected="true"]');
        expect(await selected.count()).toBe(id ? 1 : 0);
        if (id) expect(await selected.getAttribute('id')).toBe(id);
        for (let i = 0; i < count; i++) if ((await options.nth(i).getAttribute('id')) === id) return i;
        return -1;
      };
      expect(await highlighted()).toBe(-1);
      await search.press('ArrowDown');
      expect(await highlighted()).toBe(0);
      await search.press('ArrowDown');
      expect(await highlighted()).toBe(1);
      await search.press('ArrowUp');
      expect(await highlighted()).toBe(0);
      await search.press('ArrowUp'); // wraps to the last result
      expect(await highlighted()).toBe(count - 1);
      expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);

      await search.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await search.getAttribute('aria-expanded')).toBe('false');
      expect(await search.inputValue()).toBe('Real Estate');
      await search.press('ArrowDown'); // opens the list again
      await list.waitFor();
      await search.press('ArrowDown');
      await search.press('ArrowDown');
      expect(await highlighted()).toBe(1);
      const name = (await options.nth(1).locator('span').first().textContent())!.trim();
      await search.press('Enter');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await search.inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('header: search as you type, the Egypt Perks and notifications menus; on a phone the sidebar is a drawer', async () => {
    const { page, context, errors } = await openPage(browser, '/login', { viewport: { width: 390, height: 844 } });
    try {
      await signInAs(page);
      const header = page.locator('header');
      await header.getByRole('combobox', { name: 'Search campaigns and leads' }).fill('Adw');
      const results = page.getByRole('listbox', { name: 'Search results' });
      await results.getByRole('option', { name: /Adwords/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Adwords' }).waitFor();

      await header.getByRole('button', { name: 'Egypt Perks' }).click();
      await expect(page.getByRole('menuitem', { name: /Free Trip Opportunities/ }).textContent()).resolves.toContain(
        'HOT',
      );
      await page.getByRole('menuitem', { name: /Free Trip Opportunities/ }).click();
      await waitForPath(page, '/dashboard/perks/travel');

      await header.getByRole('button', { name: /^Notifications/ }).click();
      const menu = page.getByRole('menu', { name: /^Notifications/ });
      await menu.waitFor();
      // The demo agent's leads arrived by distribution, each with a notification.
      const markAll = menu.getByRole('menuitem', { name: 'Mark all as read' });
      if (await markAll.isVisible()) {
        await markAll.click();
        await header.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      } else await page.keyboard.press('Escape');

      await header.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
      await drawer.getByRole('link', { name: /^My Bonsai/ }).click();
      await waitForPath(page, '/dashboard/bonsai');
      await drawer.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the Bonsai: the tree of the downline, team members, payouts and "Why this amount?"', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: /^My Bonsai/ })
        .click();
      await waitForPath(page, '/dashboard/bonsai');
      const tree = page.getByTestId('bonsai-tree');
      // The seeded three-level downline: Bianca (1) -> Carlos (2) -> Dina (3).
      await tree.getByText('Alex Warrior (you)').waitFor();
      for (const name of ['Bianca Closer', 'Carlos Opener', 'Dina Fullstack'])
        await tree.getByText(name, { exact: true }).waitFor();
      await page.getByRole('cell', { name: 'Bianca Closer' }).first().waitFor();
      await page
        .getByText(/\/join\/[A-Za-z0-9_-]+/)
        .first()
        .waitFor();

      await page.getByRole('tab', { name: 'Payouts History' }).click();
      const ledger = page.getByTestId('ledger-table');
      await ledger.waitFor();
      await expect(ledger.locator('tbody tr').count()).resolves.toBeGreaterThan(0);
      await page.getByTestId('payouts-table').locator('tbody tr').first().waitFor();
      await ledger
        .getByRole('button', { name: /^Why this amount\?/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Why this amount?' });
      await dialog.getByText('Whose production').waitFor();
      await expect(dialog.textContent()).resolves.toMatch(/%/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the downline closing a deal live: team activity and earnings change without a reload', async () => {
    // The "second browser": the downline's deal is closed through the API while the demo agent watches.
    const ownerToken = await apiToken('owner@demo.test');
    const agentToken = await apiToken('agent@demo.test');
    const biancaToken = await apiToken('agent2@demo.test');
    const { items } = await apiCall<CampaignList>(agentToken, '/api/campaigns?status=active');
    const hotel = items.find((campaign) => campaign.slug === 'hotel') ?? items[0];
    const { members } = await apiCall<BonsaiResponse>(agentToken, `/api/bonsai?campaignId=${hotel.id}`);
    const downline = new Map(members.map((member) => [member.id, member.name]));
    expect(downline.size).toBeGreaterThan(0);

    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl(`/dashboard/bonsai?campaign=${hotel.id}`));
      const earnings = page.getByTestId('bonsai-earnings');
      await earnings.getByText('Total', { exact: true }).waitFor();
      const before = await earnings.textContent();
      const activity = page.getByTestId('team-activity');
      await activity.waitFor();

      // Fresh leads in the campaign; distribution hands them to its members (Bianca may also ask for one).
      const prefix = `Live ${Date.now().toString(36)}`;
      const rows = Array.from(
        { length: 8 },
        (_, i) =>
          `${prefix} ${i},live.${Date.now().toString(36)}.${i}@example.test,+1555${String(Date.now() + i).slice(-7)}`,
      );
      const form = new FormData();
      form.append('file', new Blob([`name,email,phone\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'live.csv');
      const { importId } = await apiCall<{ importId: string }>(ownerToken, `/api/campaigns/${hotel.id}/leads/import`, {
        form,
      });
      await expect
        .poll(async () => (await apiCall<ImportStatus>(ownerToken, `/api/imports/${importId}`)).status, {
          timeout: 30_000,
          interval: 300,
        })
        .toBe('completed');
      await apiCall(biancaToken, `/api/campaigns/${hotel.id}/join`, { method: 'POST' });

      let lead: LeadItem | undefined;
      await expect
        .poll(
          async () => {
            await apiCall<LeadRequestResult>(biancaToken, '/api/leads/request', {
              body: { campaignId: hotel.id, count: 1 },
            }).catch(() => undefined);
            const found = await apiCall<LeadList>(
              ownerToken,
              `/api/leads?campaignId=${hotel.id}&search=${encodeURIComponent(prefix)}&limit=100`,
            );
            lead = found.items.find(
              (item) => item.assignedTo && downline.has(item.assignedTo) && item.stage !== 'Closed',
            );
            return Boolean(lead);
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      await apiCall(ownerToken, `/api/leads/${lead!.id}/close`, { body: { dealValue: 4321 } });

      const closer = downline.get(lead!.assignedTo!)!;
      await activity
        .getByText(new RegExp(`${closer} closed`))
        .first()
        .waitFor({ timeout: 30_000 });
      await expect.poll(async () => earnings.textContent(), { timeout: 30_000, interval: 300 }).not.toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
