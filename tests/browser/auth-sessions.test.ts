import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  createAccountByApi,
  launchBrowser,
  logOutInBrowser,
  openPage,
  uniqueEmail,
  waitForLiveConnection,
  waitForPath,
} from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'warrior-password-1';
const NAME = 'Tabitha Tabs';

/** A second tab of the same browser (same context: same cookie and storage), on a signed-in page, its socket connected. */
async function secondTab(context: BrowserContext, path = '/dashboard/leads'): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const live = waitForLiveConnection(page);
  await page.goto(appUrl(path));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await live;
  return page;
}

/** The tab leaves the signed-in page by itself, without a reload, well before its 15-minute access token ends. */
async function expectSignedOutSoon(page: Page) {
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
  await page.getByRole('form', { name: 'Login' }).waitFor({ timeout: 5_000 });
}

describe('sign-out reaches every tab', () => {
  it('logging out in one tab signs the other tabs of the browser out at once', async () => {
    const email = uniqueEmail('tabs');
    await createAccountByApi(email, PASSWORD, NAME);
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page, email, PASSWORD);
      const other = await secondTab(context);
      expect(new URL(other.url()).pathname).toBe('/dashboard/leads');
      await logOutInBrowser(page, NAME);
      await waitForPath(page, '/login');
      await expectSignedOutSoon(other);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('"Sign out of all sessions" in Settings ends every tab here and the session of another browser', async () => {
    const email = uniqueEmail('everywhere');
    await createAccountByApi(email, PASSWORD, NAME);
    const { page, context, errors } = await openPage(browser, '/login');
    const elsewhere = await openPage(browser, '/login');
    try {
      await signInAs(page, email, PASSWORD);
      const other = await secondTab(context);
      await signInAs(elsewhere.page, email, PASSWORD);
      const live = waitForLiveConnection(elsewhere.page);
      await elsewhere.page.goto(appUrl('/dashboard/leads'));
      await live;

      await page.goto(appUrl('/dashboard/settings'));
      await page.getByRole('button', { name: 'Sign out of all sessions' }).click();
      await expectSignedOutSoon(page);
      await expectSignedOutSoon(other);
      // The other browser has its own cookie: its socket is closed and its token refused, so it is signed out too.
      await expectSignedOutSoon(elsewhere.page);
      const refreshed = await elsewhere.page.evaluate(
        async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status,
      );
      expect(refreshed).toBe(401);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await elsewhere.context.close();
    }
  });
});
