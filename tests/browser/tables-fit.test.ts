import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, openPage } from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Every cell of the table, and every control in it, lies inside the box the table is seen in (its wrapper, itself
 * inside the viewport): nothing waits behind a sideways scroll.
 */
async function expectAllCellsVisible(table: Locator) {
  await table.locator('tbody tr').first().waitFor();
  const outside = await table.evaluate((element) => {
    const wrap = element.parentElement!;
    const seen = wrap.getBoundingClientRect();
    const right = Math.min(seen.right, document.documentElement.clientWidth);
    const out: string[] = [];
    for (const node of element.querySelectorAll(
      'tbody td, tbody th, tbody button, tbody a, tbody input, tbody audio',
    )) {
      const box = node.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < seen.left - 1 || box.right > right + 1)
        out.push(
          `${node.tagName} ${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 40)}: ${Math.round(box.left)}-${Math.round(box.right)} outside ${Math.round(seen.left)}-${Math.round(right)}`,
        );
    }
    if (wrap.scrollWidth > wrap.clientWidth + 1)
      out.push(`the wrapper scrolls sideways: ${wrap.scrollWidth} in ${wrap.clientWidth}`);
    return out;
  });
  expect(outside).toEqual([]);
}

async function signedIn(width = 1400): Promise<{ page: Page; close: () => Promise<void>; errors: Error[] }> {
  const { page, context, errors } = await openPage(browser, '/login', { viewport: { width, height: 900 } });
  await signInAs(page);
  return { page, errors, close: () => context.close() };
}

describe('tables at 1400 px with a side panel open', () => {
  it('Call History beside the dialer shows every column, Notes and Recording included', async () => {
    const { page, close, errors } = await signedIn();
    try {
      await page.goto(appUrl('/dashboard/calls'));
      await page.getByRole('region', { name: 'Dialer' }).waitFor();
      const table = page.getByRole('table', { name: 'Call history' });
      await expectAllCellsVisible(table);
      // Each cell says which column it belongs to, whichever way it is laid out.
      await expect.poll(() => table.locator('tbody td[data-label="Recording"]').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('Lead Management with the dialer open shows the Actions', async () => {
    const { page, close, errors } = await signedIn();
    try {
      await page.goto(appUrl('/lead-management?campaign=hotel'));
      const table = page.getByTestId('lead-table');
      await table.locator('tbody tr').first().waitFor();
      await page.getByRole('button', { name: 'Show Dialer' }).click();
      await page.getByRole('button', { name: 'Hide Dialer' }).waitFor();
      await page.getByRole('region', { name: 'Dialer' }).waitFor();
      await expectAllCellsVisible(table);
      const firstRow = table.locator('tbody tr').first();
      const name = (await firstRow.locator('th').first().locator('div').first().textContent())!.trim();
      await firstRow.getByRole('button', { name: `Details of ${name}` }).click({ trial: true });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the Bonsai team activity table shows each member's overrides", async () => {
    const { page, close, errors } = await signedIn();
    try {
      await page.goto(appUrl('/dashboard/bonsai'));
      const region = page.getByRole('region', { name: "Today's figures per team member" });
      await expectAllCellsVisible(region.locator('table'));
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
