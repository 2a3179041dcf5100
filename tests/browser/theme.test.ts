import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const bodyBackground = (page: import('playwright-core').Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

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
});
