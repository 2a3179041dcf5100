import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistAdminList } from '../../shared/schemas/admin/waitlist.js';
import { appUrl, downloadedText, launchBrowser, openPage, seriousAxeViolations } from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

const ADMIN = { email: 'admin@demo.test', password: process.env.DEMO_PASSWORD || 'commission-warrior' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('admin area', () => {
  it('lets an admin mark a waitlist entry processed and export the waitlist as CSV', async () => {
    const email = `waitlister-${Date.now().toString(36)}@example.test`;
    const joined = await fetch(appUrl('/api/waitlist'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Wally Waitlist',
        email,
        contact: '@wally',
        campaignInterest: 'Travel & Hospitality',
      }),
    });
    expect(joined.status).toBe(201);

    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true, acceptDownloads: true });
    try {
      await signInAs(page, ADMIN.email, ADMIN.password);
      await page.goto(appUrl('/dashboard/waitlist-admin'));
      await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search the waitlist' }).fill(email);
      const row = page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      // The search leaves the header and this entry in the waitlist table (the page also lists role requests).
      const waitlistTable = page.getByRole('table').filter({ hasText: email });
      await expect.poll(() => waitlistTable.getByRole('row').count()).toBe(2);

      await row.getByRole('checkbox', { name: 'Processed: Wally Waitlist' }).check({ force: true });
      const admin = await apiToken(ADMIN.email, ADMIN.password);
      await expect
        .poll(
          async () =>
            (await apiCall<WaitlistAdminList>(admin, `/api/admin/waitlist?q=${encodeURIComponent(email)}`)).items[0]
              ?.processed,
        )
        .toBe(true);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await downloadedText(download);
      const [header, ...lines] = csv.split('\r\n');
      const columns = header.split(',');
      const cells = (lines.find((l) => l.includes(email)) ?? '').split(',');
      expect(columns[0]).toBe('position');
      expect(cells[columns.indexOf('processed')]).toBe('true');
      // The Telegram handle is guarded against formula injection.
      expect(cells[columns.indexOf('contact')]).toBe("'@wally");

      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Queue dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/queues');
      await page.getByRole('heading', { level: 1, name: 'Queues' }).waitFor();
      await page.getByRole('rowheader', { name: 'email' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells agents the admin area is for admins only', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl('/dashboard/waitlist-admin'));
      await page.getByText('You do not have access to this.').waitFor();
      await page.goto(appUrl('/admin/queues'));
      await page.getByText('You do not have access to this.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
