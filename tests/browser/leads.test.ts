import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignList } from '../../shared/schemas/campaigns/list.js';
import type { ImportStatus } from '../../shared/schemas/leads/import.js';
import type { LeadList } from '../../shared/schemas/leads/list.js';
import {
  appUrl,
  downloadedText,
  expectToast,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  waitForLiveConnection,
} from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

// The demo owner owns every seeded campaign; the demo agents are members of hotel, adwords and real-estate-egypt
// (server/features/campaigns/seed.ts). These tests work in Adwords.
const OWNER = 'owner@demo.test';
const CAMPAIGN = 'adwords';

let browser: Browser;
let campaignId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { items } = await apiCall<CampaignList>(await apiToken(OWNER), '/api/campaigns');
  campaignId = items.find((campaign) => campaign.slug === CAMPAIGN)!.id;
});

afterAll(async () => {
  await browser?.close();
});

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const phoneFor = (i: number) => `+1 555 ${String(Date.now() + i * 7919).slice(-7)}`;

async function unreadCount(page: Page): Promise<number> {
  const label =
    (await page
      .locator('header')
      .getByRole('button', { name: /^Notifications/ })
      .getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

/** The agent's leads named with this run's prefix, straight from the API (what the screens must end up showing). */
async function agentLeads(prefix: string) {
  const token = await apiToken('agent@demo.test');
  return (
    await apiCall<LeadList>(token, `/api/leads?campaignId=${campaignId}&search=${encodeURIComponent(prefix)}&limit=100`)
  ).items;
}

describe('leads', () => {
  it('an owner imports a CSV with a bad row, watches the progress and downloads the rejected rows', async () => {
    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true, acceptDownloads: true });
    try {
      await signInAs(page, OWNER);
      await page.goto(appUrl(`/lead-management?campaign=${CAMPAIGN}`));
      await page.getByRole('heading', { level: 1, name: 'Lead Management' }).waitFor();
      await page
        .getByRole('radio', { name: /^Adwords/, checked: true })
        .or(page.getByRole('button', { name: /^Adwords/, pressed: true }))
        .first()
        .waitFor();

      const prefix = `Import ${stamp()}`;
      const good = Array.from(
        { length: 4 },
        (_, i) =>
          `${prefix} ${i},${prefix.replace(' ', '.').toLowerCase()}.${i}@example.test,${phoneFor(i)},Acme ${i},${1000 + i}`,
      );
      const csv =
        ['Full Name,E-mail,Mobile,Company,Monthly Budget', ...good, `${prefix} broken,,,Nowhere Ltd,5`].join('\n') +
        '\n';

      await page.getByRole('button', { name: 'Import Leads', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Import leads into Adwords/ });
      await dialog
        .getByLabel(/CSV file/)
        .setInputFiles({ name: 'warriors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      // The header row is read in the browser and mapped: guessed fields, unknown columns kept as details.
      await expect(dialog.getByRole('combobox', { name: 'Use column Full Name as' }).inputValue()).resolves.toBe(
        'name',
      );
      await expect(dialog.getByRole('combobox', { name: 'Use column Mobile as' }).inputValue()).resolves.toBe('phone');
      await expect(dialog.getByRole('combobox', { name: 'Use column Monthly Budget as' }).inputValue()).resolves.toBe(
        'details',
      );
      // A recognised header can still be kept as a detail.
      await dialog.getByRole('combobox', { name: 'Use column Company as' }).selectOption('details');
      await dialog.getByRole('button', { name: 'Import leads', exact: true }).click();

      const progress = dialog.getByTestId('import-progress');
      await progress.getByText(`Import finished: 4 leads imported, 1 skipped (Adwords).`).waitFor({ timeout: 30_000 });
      await expect(
        progress.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'),
      ).resolves.toBe('100');
      await progress.getByText('Missing phone or e-mail: 1').waitFor();
      expect(await progress.textContent()).toMatch(/Rows read: 5 of 5/);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        progress.getByRole('button', { name: 'Download rejected rows' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('rejected-warriors.csv');
      const report = await downloadedText(download);
      expect(report.split(/\r?\n/)[0]).toBe('line,reason,Full Name,E-mail,Mobile,Company,Monthly Budget');
      const rejected = report.split(/\r?\n/).filter((line) => line.includes(`${prefix} broken`));
      expect(rejected).toHaveLength(1);
      expect(rejected[0]).toMatch(/^6,Missing phone or e-mail,/);

      expect(await seriousAxeViolations(page)).toEqual([]);
      await progress.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The owner's table shows the imported leads; the details panel keeps the extra column.
      await page.getByRole('searchbox', { name: 'Search leads' }).fill(prefix);
      const table = page.getByTestId('lead-table');
      await table.getByText(`${prefix} 0`, { exact: true }).waitFor();
      await table.getByRole('button', { name: `Details of ${prefix} 0` }).click();
      const panel = page.getByTestId('lead-panel');
      await panel.getByText('Monthly Budget').waitFor();
      await panel.getByText('Acme 0', { exact: true }).waitFor();
      await panel.getByRole('list', { name: `History of ${prefix} 0` }).waitFor();

      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  let liveLeadName = '';
  let liveLeadId = '';

  it('an agent sees new leads and the bell count arrive live, without a reload', async () => {
    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true });
    try {
      // The socket must be connected and the bell loaded before the import starts.
      const live = waitForLiveConnection(page);
      const bell = page.waitForResponse((response) => response.url().includes('/api/notifications') && response.ok());
      await signInAs(page);
      await Promise.all([live, bell]);
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: /^Lead Management/ })
        .click();
      await page
        .getByRole('radio', { name: /^Adwords/ })
        .or(page.getByRole('button', { name: /^Adwords/ }))
        .first()
        .click();
      await page
        .getByTestId('lead-table')
        .or(page.getByText('No leads found. Try adjusting your filters or request new leads.'))
        .first()
        .waitFor();
      const before = await unreadCount(page);

      // The "other browser": the owner imports through the API while the agent watches.
      const prefix = `Live ${stamp()}`;
      const rows = Array.from(
        { length: 12 },
        (_, i) =>
          `${prefix} ${String(i).padStart(2, '0')},${prefix.replace(' ', '.').toLowerCase()}.${i}@example.test,${phoneFor(i)}`,
      );
      const form = new FormData();
      form.append('file', new Blob([`name,email,phone\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'live.csv');
      const ownerToken = await apiToken(OWNER);
      const { importId } = await apiCall<{ importId: string }>(
        ownerToken,
        `/api/campaigns/${campaignId}/leads/import`,
        { form },
      );
      await expect
        .poll(async () => (await apiCall<ImportStatus>(ownerToken, `/api/imports/${importId}`)).status, {
          timeout: 30_000,
          interval: 300,
        })
        .toBe('completed');

      await expect
        .poll(async () => (await agentLeads(prefix)).length, { timeout: 30_000, interval: 500 })
        .toBeGreaterThan(0);
      const mine = await agentLeads(prefix);
      liveLeadName = mine[0].name;
      liveLeadId = mine[0].id;
      const table = page.getByTestId('lead-table');
      for (const lead of mine) await table.getByText(lead.name, { exact: true }).waitFor({ timeout: 30_000 });
      // A distribution run is one notification per agent and campaign ("12 new leads in Adwords"), not one per lead.
      await expect.poll(() => unreadCount(page), { timeout: 30_000, interval: 300 }).toBeGreaterThanOrEqual(before + 1);

      // Request Leads answers with how many arrived (or why none did).
      await page.getByRole('button', { name: 'Request Leads', exact: true }).click();
      const request = page.getByRole('dialog', { name: 'Request Leads' });
      await request.getByRole('textbox', { name: 'How many leads?' }).fill('3');
      await request.getByRole('button', { name: 'Request Leads', exact: true }).click();
      await request.waitFor({ state: 'detached' });
      await page
        .locator('[role="alertdialog"]')
        .filter({
          hasText: /new leads? assigned|No new leads are available in this campaign right now\.|You have reached/,
        })
        .first()
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the agent changes a disposition and the stage on the Leads page follows; the lead becomes a client', async () => {
    expect(liveLeadName).not.toBe('');
    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true });
    try {
      await signInAs(page);
      // A second tab of the same agent shows the Leads page.
      const leadsTab = await context.newPage();
      // Opened from a search result link: the lead's details open beside the list and its row is marked.
      await leadsTab.goto(appUrl(`/dashboard/leads?lead=${liveLeadId}`));
      const pipeline = leadsTab.getByTestId('pipeline-table');
      const row = pipeline.locator('tr', { has: leadsTab.getByText(liveLeadName, { exact: true }) });
      await row.getByText('New', { exact: true }).first().waitFor();
      await leadsTab.getByTestId('lead-panel').getByRole('heading', { name: liveLeadName }).waitFor();
      await expect(pipeline.locator(`tr[data-lead-id="${liveLeadId}"]`).getAttribute('aria-current')).resolves.toBe(
        'true',
      );

      await page.goto(appUrl(`/lead-management?campaign=${CAMPAIGN}`));
      await page.getByRole('searchbox', { name: 'Search leads' }).fill(liveLeadName);
      await page.getByRole('combobox', { name: `Status of ${liveLeadName}` }).selectOption('Potential');
      await expectToast(page, 'Lead status updated', 'Lead status has been updated to Potential');

      // The other tab follows live: disposition Potential moves the stage to Qualified.
      await row.getByTestId('lead-stage').getByText('Qualified', { exact: true }).waitFor();
      await leadsTab
        .getByRole('radio', { name: 'Qualified' })
        .or(leadsTab.getByRole('button', { name: 'Qualified', exact: true }))
        .first()
        .click();
      await pipeline.getByText(liveLeadName, { exact: true }).waitFor();
      expect(await seriousAxeViolations(leadsTab)).toEqual([]);

      // The campaign's script beside the leads; the phone icon fills the dialer.
      await page.getByRole('button', { name: 'Show Script' }).click();
      await page.getByTestId('script-panel').getByRole('heading', { name: 'Script: Adwords' }).waitFor();
      await page.getByTestId('script-panel').getByRole('heading', { level: 3 }).first().waitFor();
      await page.getByRole('button', { name: `Call ${liveLeadName}` }).click();
      await page.getByRole('button', { name: 'Hide Dialer' }).waitFor();

      // The Potentials tab and Client Progress show it too.
      await page.getByRole('tab', { name: 'Potentials' }).click();
      await page.getByTestId('lead-table').getByText(liveLeadName, { exact: true }).waitFor();
      await leadsTab.goto(appUrl('/dashboard/clients'));
      const clients = leadsTab.getByTestId('clients-table');
      await clients.getByText(liveLeadName, { exact: true }).waitFor();
      await clients.getByRole('progressbar', { name: `Progress of ${liveLeadName}` }).waitFor();
      expect(await seriousAxeViolations(leadsTab)).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
