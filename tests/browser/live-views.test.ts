import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, createAccountByApi, launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const run = () => Date.now().toString(36);

describe('live views and header', () => {
  it('says on the sign-up form that a referral link with an unknown code is not valid', async () => {
    const { page, context, errors } = await openPage(browser, `/join/NO-SUCH-${run()}`);
    try {
      const form = page.getByRole('form', { name: 'Register' });
      await form
        .getByRole('alert')
        .getByText('This referral link is not valid, so you would sign up without an upline.', { exact: false })
        .waitFor();
      await page.goto(appUrl('/join/AGENT'));
      await page
        .getByRole('form', { name: 'Register' })
        .getByText(/invited you with the referral code AGENT/)
        .waitFor();
      expect(await page.getByRole('form', { name: 'Register' }).getByRole('alert').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a shared material uploaded by someone else without a reload', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl('/resources/materials'));
      await page.getByRole('heading', { level: 1, name: 'Materials' }).waitFor();
      const name = `Shared rate card ${run()}`;
      const form = new FormData();
      form.append('name', name);
      form.append('campaign', 'real-estate-lead-generation');
      form.append('file', new Blob([Buffer.from('Rates for partners.\n')]), 'rates.txt');
      await apiCall(await apiToken('admin@demo.test'), '/api/materials', { form });
      await page.getByRole('row').filter({ hasText: name }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the admin a new role request without a reload', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page, 'admin@demo.test');
      await page.goto(appUrl('/dashboard/waitlist-admin'));
      await page.getByRole('heading', { name: 'Role requests' }).waitFor();
      const email = uniqueEmail('owner-hopeful');
      const name = `Hopeful Owner ${run()}`;
      await createAccountByApi(email, 'warrior-password-1', name);
      await apiCall(await apiToken(email, 'warrior-password-1'), '/api/me/role', { body: { role: 'owner' } });
      await page.getByText(name).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('links the bell to a notifications page with unread and kind filters and mark read', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page, 'agent2@demo.test');
      const header = page.locator('header');
      await header.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('menuitem', { name: 'View all notifications' }).click();
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const list = page.getByRole('list', { name: 'Notifications' }).or(page.getByText('No notifications yet'));
      await list.first().waitFor();
      await page
        .getByRole('radio', { name: 'Unread' })
        .or(page.getByRole('button', { name: 'Unread', exact: true }))
        .first()
        .click();
      const markOne = page.getByRole('button', { name: /^Mark ".*" as read$/ }).first();
      if (await markOne.isVisible()) {
        const before = await page.getByRole('button', { name: /^Mark ".*" as read$/ }).count();
        await markOne.click();
        await expect.poll(() => page.getByRole('button', { name: /^Mark ".*" as read$/ }).count()).toBe(before - 1);
      }
      await page.getByRole('button', { name: /Kind$/ }).first().click();
      await page.getByRole('option', { name: 'Leads assigned', exact: true }).click();
      await page
        .getByRole('list', { name: 'Notifications' })
        .or(page.getByText(/^No (unread )?notifications/))
        .first()
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
