import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMenuButton, appUrl, DEMO_AGENT, launchBrowser, openPage, toastWithTitle } from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** No visible toast covers any of the controls. */
async function expectNothingCovered(page: Page, controls: Record<string, Locator>) {
  const toasts = await page.locator('[role="alertdialog"]').all();
  expect(toasts.length).toBeGreaterThan(0);
  for (const toast of toasts) {
    const box = await boxOf(toast);
    for (const [name, control] of Object.entries(controls))
      expect(overlap(box, await boxOf(control)), `a toast covers ${name}`).toBe(false);
  }
}

describe('toasts', () => {
  for (const width of [1400, 1024]) {
    it(`cover neither the bell, the user menu, nor the dialer's status and number field, one per kind (${width} px)`, async () => {
      const { page, context, errors } = await openPage(browser, '/login', { viewport: { width, height: 800 } });
      try {
        await signInAs(page);
        await page.goto(appUrl('/dashboard/calls'));
        const dialer = page.getByRole('region', { name: 'Dialer' });
        await dialer.getByText('Connected', { exact: true }).waitFor();
        const controls = {
          bell: page.locator('header').getByRole('button', { name: /^Notifications/ }),
          'the user menu': accountMenuButton(page, DEMO_AGENT.name),
          "the dialer's status": dialer.getByRole('status').first(),
          'the number field': dialer.getByLabel('Phone number'),
        };
        // The same refusal three times: one toast of that kind on screen.
        for (let i = 0; i < 3; i++) await dialer.getByRole('button', { name: 'Call', exact: true }).click();
        await toastWithTitle(page, 'Error').first().waitFor();
        await expect.poll(() => toastWithTitle(page, 'Error').count()).toBe(1);
        await expectNothingCovered(page, controls);

        // The pointer resting on a toast (which pauses it) does not hold any control: the bell opens at once.
        await page.locator('[role="alertdialog"]').first().hover();
        await controls.bell.click({ timeout: 2_000 });
        await page.getByRole('menu').or(page.getByRole('dialog')).first().waitFor({ timeout: 2_000 });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
