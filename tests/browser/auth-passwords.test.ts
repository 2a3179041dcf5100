import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMenuButton,
  createAccountByApi,
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

describe('password strength on the sign-up form', () => {
  it('hints as the password is typed, and a common password is refused with the same sentence', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await page.getByRole('tab', { name: 'Register' }).click();
      const form = page.getByRole('form', { name: 'Register' });
      const email = uniqueEmail('hinted');
      await form.getByLabel('Full Name').fill('Hana Hint');
      await form.getByLabel('Email').fill(email);
      const password = form.getByLabel('Password', { exact: true });
      await expect(form.getByText('At least 8 characters.').isVisible()).resolves.toBe(true);

      await password.fill('password');
      const refusal = 'This password is too common or too easy to guess. Please choose a stronger one.';
      await form.getByText(`Password strength: Very weak. ${refusal}`).waitFor();
      // The hint is the field's description, so assistive technology reads it with the field.
      await expect(password.getAttribute('aria-describedby')).resolves.toBeTruthy();

      await form.getByLabel('Confirm Password').fill('password');
      await form.getByText('I agree to the terms and conditions').click();
      await form.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, 'Error', refusal);

      await password.fill(email.split('@')[0]);
      await form
        .getByText('Your password must not be made from your email address. Please choose another one.')
        .waitFor();

      await password.fill('mango-tractor-velvet');
      await form.getByText(/^Password strength: (Good|Strong)\./).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the live connection follows the session', () => {
  it('a password change closes the old socket and the page reconnects with its new token, still signed in', async () => {
    const email = uniqueEmail('rekey');
    await createAccountByApi(email, 'warrior-password-1', 'Rhea Rekey');
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password').fill('warrior-password-1');
      const firstSocket = waitForLiveConnection(page);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, '/dashboard');
      await firstSocket;

      await accountMenuButton(page, 'Rhea Rekey').click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await waitForPath(page, '/dashboard/profile');
      const change = page.getByRole('form', { name: 'Change password' });
      await change.getByLabel('Current password').fill('warrior-password-1');
      await change.getByLabel('New password').fill('copper-lantern-meadow');
      await change.getByText(/^Password strength: (Good|Strong)\./).waitFor();
      const reconnected = waitForLiveConnection(page);
      await change.getByRole('button', { name: 'Change Password' }).click();
      await expectToast(page, 'Password changed');
      // The server closed every socket of the user; this page opens a new one with the token it was answered.
      await reconnected;
      await accountMenuButton(page, 'Rhea Rekey').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/profile');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
