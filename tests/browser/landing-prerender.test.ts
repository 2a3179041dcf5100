import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, openPage } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe('prerendered public pages', () => {
  it('the server sends the landing, terms and privacy with their markup, other routes get the empty app shell', async () => {
    const landing = await (await fetch(appUrl('/'))).text();
    expect(rootOf(landing)).toMatch(/^<div id="root">.*<h1[^>]*>Become a Commission Warrior<\/h1>/s);
    expect(rootOf(await (await fetch(appUrl('/terms'))).text())).toMatch(/<h1>Terms of Service<\/h1>/);
    expect(rootOf(await (await fetch(appUrl('/privacy'))).text())).toMatch(/<h1>Privacy Policy<\/h1>/);
    expect(rootOf(await (await fetch(appUrl('/dashboard'))).text())).toMatch(/^<div id="root"><\/div>/);
  });

  it('the landing needs no request before its first paint but its entry script: stylesheets inline, no module preloaded', async () => {
    const landing = await (await fetch(appUrl('/'))).text();
    const head = landing.slice(0, landing.indexOf('</head>'));
    expect(head).not.toMatch(/<link[^>]+rel="(stylesheet|modulepreload)"/);
    expect(head).toMatch(/<style data-href="\/assets\/[^"]+\.css">/);
    expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
    // The other routes keep the shell's links and preloads.
    expect(await (await fetch(appUrl('/dashboard'))).text()).toMatch(/<link rel="modulepreload"/);

    const context = await browser.newContext({ colorScheme: 'light' });
    try {
      await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
      // No stylesheet file arrives: the page is styled by what it carries.
      await context.route(/\.css$/, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(appUrl('/'));
      await page.getByRole('heading', { level: 1, name: 'Become a Commission Warrior' }).waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 17, 32)');
    } finally {
      await context.close();
    }
  });

  it('paints the landing before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(appUrl('/'));
      await page.getByRole('heading', { level: 1, name: 'Become a Commission Warrior' }).waitFor();
      expect(await page.locator('main h2').count()).toBeGreaterThan(3);
    } finally {
      await context.close();
    }
  });

  it('a stored dark theme is on the page before the bundle has loaded (no light flash)', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    try {
      await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
      // The app's scripts never arrive: what shows is the prerendered page and the head's theme script alone.
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(appUrl('/'));
      await page.getByRole('heading', { level: 1, name: 'Become a Commission Warrior' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 17, 32)');
    } finally {
      await context.close();
    }
  });

  it('hydrates without a mismatch: no error, and the page reacts to input', async () => {
    const { page, context, errors } = await openPage(browser, '/', { colorScheme: 'light' });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Become a Commission Warrior' }).waitFor();
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        .toBe('rgb(11, 17, 32)');
      expect(errors).toEqual([]);
      expect(consoleErrors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
