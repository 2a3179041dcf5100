import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, openPage, describedAxeViolations } from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const violations = describedAxeViolations;

describe('dashboard accessibility (axe-core): no serious or critical violations', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`overview, campaigns, Bonsai, notifications, settings and calls (${colorScheme})`, async () => {
      const { page, context } = await openPage(browser, '/login', { bypassCSP: true, colorScheme });
      try {
        await signInAs(page);
        await page.locator('[aria-label="Your figures"][aria-busy="false"]').waitFor();
        expect(await violations(page), 'overview').toEqual([]);

        await page.goto(appUrl('/dashboard/campaigns'));
        await page.getByTestId('campaign-card').first().waitFor();
        expect(await violations(page), 'campaigns').toEqual([]);

        await page
          .getByRole('link', { name: /^View details of / })
          .first()
          .click();
        await page.getByRole('heading', { name: 'Commission structure' }).waitFor();
        expect(await violations(page), 'campaign detail').toEqual([]);

        await page.goto(appUrl('/dashboard/bonsai'));
        await page.getByTestId('bonsai-tree').waitFor();
        await page.getByTestId('team-activity').waitFor();
        expect(await violations(page), 'Bonsai structure').toEqual([]);
        await page.getByRole('tab', { name: 'Payouts History' }).click();
        await page.getByTestId('payouts-table').or(page.getByText('No Payouts Yet')).first().waitFor();
        expect(await violations(page), 'Bonsai payouts').toEqual([]);

        // The header's menus, opened.
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page.getByRole('menu', { name: /^Notifications/ }).waitFor();
        expect(await violations(page), 'notifications menu').toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: /account menu|Alex Warrior/ }).click();
        await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
        expect(await violations(page), 'account menu').toEqual([]);
        await page.keyboard.press('Escape');

        // Each "Mark as read" button's accessible name starts with what it shows (axe: label-content-name-mismatch).
        await page.goto(appUrl('/dashboard/notifications'));
        await page.getByRole('list', { name: 'Notifications' }).waitFor();
        for (const button of await page.getByRole('button', { name: /^Mark as read/ }).all())
          expect(await button.textContent()).toBe('Mark as read');
        expect(await violations(page), 'notifications page').toEqual([]);

        await page.goto(appUrl('/dashboard/settings'));
        await page.getByRole('button', { name: 'Sign out of all sessions' }).waitFor();
        expect(await violations(page), 'settings').toEqual([]);

        // Call History beside the dialer, laid out as cards when it does not fit.
        await page.setViewportSize({ width: 1400, height: 900 });
        await page.goto(appUrl('/dashboard/calls'));
        await page.getByRole('table', { name: 'Call history' }).locator('tbody tr').first().waitFor();
        expect(await violations(page), 'calls').toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
