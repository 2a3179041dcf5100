import type { Browser } from 'playwright-core';
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

const bodyBackground = (page: import('playwright-core').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('theme', () => {
  it('follows the system preference until toggled, then remembers the choice across a reload', async () => {
    const { page, context } = await openPage(browser, '/', { colorScheme: 'dark' });
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
      const darkBackground = await bodyBackground(page);
      expect(darkBackground).toBe('rgb(11, 17, 32)');

      await page.getByRole('button', { name: 'Toggle theme' }).click();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');

      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');

      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await page.goto(new URL('/login', page.url()).toString());
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      expect(await bodyBackground(page)).toBe(darkBackground);
    } finally {
      await context.close();
    }
  });

  it("Settings' theme choice follows the floating toggle without a reload", async () => {
    const { page, context } = await openPage(browser, '/login', { colorScheme: 'light' });
    try {
      await signInAs(page);
      await page.goto(appUrl('/dashboard/settings'));
      const themes = page.getByRole('radiogroup', { name: 'Theme' });
      await page.getByRole('radio', { name: 'Same as my device' }).check();
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await expect.poll(() => themes.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await expect.poll(() => themes.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
