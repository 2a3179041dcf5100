import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenuButton,
  appUrl,
  expectToast,
  launchBrowser,
  logOutInBrowser,
  meFromPage,
  openPage,
  uniqueEmail,
  waitForPath,
} from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const codeInput = (page: Page) => page.getByRole('textbox', { name: 'Verification Code' });

/** Fills the Register tab and returns the code the dev toast shows. */
async function registerInBrowser(page: Page, email: string, name = 'Rita Register'): Promise<string> {
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('warrior-password-1');
  await form.getByLabel('Confirm Password').fill('warrior-password-1');
  await form.getByText('I agree to the terms and conditions').click();
  await form.getByRole('button', { name: 'Create Account' }).click();
  const toast = await expectToast(page, 'Verification code');
  const code = toast.match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeDefined();
  await waitForPath(page, '/verify');
  return code!;
}

describe('sign-up', () => {
  it('register -> code from the dev toast -> verify -> choose owner -> /dashboard as sales; then sign out', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      const email = uniqueEmail('owner-hopeful');
      const code = await registerInBrowser(page, email, 'Olivia Owner');

      await page.getByText(`We sent a 6-digit code to ${email}`).waitFor();
      await expect(page.getByRole('button', { name: /^Resend in \d+s$/ }).isDisabled()).resolves.toBe(true);
      await codeInput(page).fill(code);
      await page.getByRole('button', { name: 'Verify Email' }).click();

      await waitForPath(page, '/role-selection');
      await page.getByRole('heading', { name: 'Choose Your Role' }).waitFor();
      await page.getByRole('button', { name: /Campaign Owner/ }).click();

      await waitForPath(page, '/dashboard');
      await expectToast(page, 'Role updated!', 'You are now a sales.');
      await expectToast(page, 'Owner role requested');
      await accountMenuButton(page, 'Olivia Owner').waitFor();
      const me = await meFromPage(page);
      expect(me).toMatchObject({
        email,
        name: 'Olivia Owner',
        role: 'sales',
        roleRequest: { role: 'owner', status: 'pending' },
      });
      expect(await page.evaluate(() => localStorage.getItem('pending_user'))).toBeNull();

      await logOutInBrowser(page, 'Olivia Owner');
      await waitForPath(page, '/login');
      await expectToast(page, 'Logged out successfully');
      await page.goto(appUrl('/dashboard'));
      await waitForPath(page, '/login');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a wrong code shows "Invalid verification code"; a short one is refused before sending', async () => {
    const { page, context } = await openPage(browser, '/login');
    try {
      const code = await registerInBrowser(page, uniqueEmail('wrong-code'));
      await codeInput(page).fill('123');
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await expectToast(page, 'Error', 'Please enter a valid verification code');

      const wrong = code === '000000' ? '111111' : '000000';
      await codeInput(page).fill(wrong);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await expectToast(page, 'Verification failed', 'Invalid verification code');
      expect(new URL(page.url()).pathname).toBe('/verify');
      expect(await codeInput(page).getAttribute('maxlength')).toBe('6');
    } finally {
      await context.close();
    }
  });

  it('choosing Admin is refused and the user continues as sales', async () => {
    const { page, context } = await openPage(browser, '/login');
    try {
      const code = await registerInBrowser(page, uniqueEmail('admin-hopeful'));
      await codeInput(page).fill(code);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await waitForPath(page, '/role-selection');
      await page.getByRole('button', { name: /^Admin/ }).click();
      await expectToast(
        page,
        'Admin access denied',
        'Admin roles are restricted. Please contact support if you believe you should have admin access.',
      );
      await waitForPath(page, '/dashboard');
      await expectToast(page, 'Role updated!', 'You are now a sales.');
      expect((await meFromPage(page)).role).toBe('sales');
    } finally {
      await context.close();
    }
  });
});
