import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, expectToast, launchBrowser, openPage } from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

// Lead Management's campaign choice and the demo data's money, on the demo accounts.
const OWNER = 'owner@demo.test';
const AGENT = 'agent@demo.test';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('campaign choice and demo money', () => {
  it('an unknown campaign in the Lead Management address says so and offers no import', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page, OWNER);
      await page.goto(appUrl('/lead-management?campaign=no-such-campaign'));
      await page
        .getByRole('alert')
        .filter({ hasText: 'There is no campaign "no-such-campaign". Choose one of the campaigns above.' })
        .waitFor();
      await expect(page.getByRole('button', { name: 'Import Leads', exact: true }).count()).resolves.toBe(0);
      await expect(page.getByRole('radio', { checked: true }).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the demo data moves money: agents have completed payouts and an admin run pays the deals past their hold window', async () => {
    const agent = await openPage(browser, '/login');
    try {
      await signInAs(agent.page, AGENT);
      // The address the payout notifications link to opens the Payouts History tab.
      await agent.page.goto(appUrl('/dashboard/bonsai?tab=payouts'));
      await agent.page.getByRole('tab', { name: 'Payouts History', selected: true }).waitFor();
      await agent.page.getByTestId('payouts-table').getByText('Completed', { exact: true }).first().waitFor();
    } finally {
      await agent.context.close();
    }
    const admin = await openPage(browser, '/login', { bypassCSP: true });
    try {
      await signInAs(admin.page, 'admin@demo.test');
      await admin.page.goto(appUrl('/admin/payouts'));
      await admin.page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
      await admin.page.getByRole('button', { name: 'Run payouts' }).click();
      await expectToast(admin.page, 'Payout run completed');
      await admin.page
        .getByRole('radio', { name: 'Completed' })
        .or(admin.page.getByRole('button', { name: 'Completed' }))
        .first()
        .click();
      // Bianca's Adwords money comes only from seeded deals the seed itself leaves to the admin.
      const row = admin.page
        .getByTestId('admin-payouts-table')
        .getByRole('row')
        .filter({ hasText: 'Bianca Closer' })
        .filter({ hasText: 'Adwords' })
        .first();
      await row.waitFor();
      expect(await row.textContent()).toMatch(/\$[1-9]/);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
});
