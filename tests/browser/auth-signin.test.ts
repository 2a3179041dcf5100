import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenuButton,
  appUrl,
  createAccountByApi,
  DEMO_AGENT,
  expectToast,
  launchBrowser,
  openPage,
  uniqueEmail,
  waitForLiveConnection,
  waitForPath,
} from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const DAY_SECONDS = 24 * 60 * 60;

describe('sign-in', () => {
  it('signs in with "Remember me for 30 days", keeps the session across a reload, and /login then goes to the dashboard', async () => {
    const { page, context } = await openPage(browser, '/dashboard');
    try {
      await waitForPath(page, '/login');
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByLabel('Email').fill(DEMO_AGENT.email);
      await form.getByLabel('Password').fill(DEMO_AGENT.password);
      await form.getByText('Remember me for 30 days').click();
      // Once signed in, the app opens its one live connection with the access token.
      const liveSocket = waitForLiveConnection(page);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, '/dashboard');
      await liveSocket;
      await expectToast(page, 'Login successful!');
      await accountMenuButton(page, DEMO_AGENT.name).waitFor();

      const cookie = (await context.cookies()).find((c) => c.name === 'cw_refresh');
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(29 * DAY_SECONDS);

      await page.reload();
      await accountMenuButton(page, DEMO_AGENT.name).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.goto(appUrl('/login'));
      await waitForPath(page, '/dashboard');
    } finally {
      await context.close();
    }
  });

  it('without "remember me" the session ends with the browser (session cookie)', async () => {
    const { page, context } = await openPage(browser, '/login');
    try {
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByLabel('Email').fill(DEMO_AGENT.email);
      await form.getByLabel('Password').fill(DEMO_AGENT.password);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, '/dashboard');
      const cookie = (await context.cookies()).find((c) => c.name === 'cw_refresh');
      expect(cookie?.expires).toBe(-1);
    } finally {
      await context.close();
    }
  });

  it('can be completed with the keyboard only', async () => {
    const { page, context } = await openPage(browser, '/login');
    try {
      await page.getByRole('form', { name: 'Login' }).waitFor();
      await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('email');
      await page.keyboard.type(DEMO_AGENT.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO_AGENT.password);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(page.getByRole('checkbox', { name: 'Remember me for 30 days' }).isChecked()).resolves.toBe(true);
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Forgot password?');
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Sign In');
      await page.keyboard.press('Enter');
      await waitForPath(page, '/dashboard');
      await expectToast(page, 'Login successful!');
    } finally {
      await context.close();
    }
  });

  it("shows the server's refusal and the empty-field message", async () => {
    const { page, context } = await openPage(browser, '/login');
    try {
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByRole('button', { name: 'Sign In' }).click();
      await expectToast(page, 'Error', 'Please enter both email and password');
      await form.getByLabel('Email').fill(DEMO_AGENT.email);
      await form.getByLabel('Password').fill('not-the-password');
      await form.getByRole('button', { name: 'Sign In' }).click();
      await expectToast(page, 'Login failed', 'Invalid login credentials');
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('"Forgot password?" resets the password with the e-mailed code', async () => {
    const email = uniqueEmail('forgetful');
    await createAccountByApi(email, 'old-password-1', 'Fiona Forgetful');
    const { page, context } = await openPage(browser, '/login');
    try {
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await expectToast(page, 'Check your email');

      let code: string | undefined;
      await expect
        .poll(
          async () => {
            const outbox = (await (await fetch(appUrl(`/api/dev/outbox?to=${encodeURIComponent(email)}`))).json()) as {
              emails: Array<{ text: string; subject: string }>;
            };
            code = outbox.emails.map((mail) => mail.text.match(/reset=([A-Z0-9]+)/)?.[1]).find(Boolean);
            return code;
          },
          { timeout: 15_000 },
        )
        .toBeDefined();

      await page.getByLabel('Reset code').fill(code!);
      await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
      await page.getByLabel('Confirm New Password').fill('new-password-2');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expectToast(page, 'Password updated');

      const form = page.getByRole('form', { name: 'Login' });
      await expect(form.getByLabel('Email').inputValue()).resolves.toBe(email);
      await form.getByLabel('Password').fill('new-password-2');
      await form.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, '/dashboard');
    } finally {
      await context.close();
    }
  });
});
