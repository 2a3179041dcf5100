import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, expectToast, launchBrowser, openPage, uniqueEmail } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function fillWaitlist(page: Page, entry: { name: string; email: string; contact: string; interest: string }) {
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  await form.getByLabel('Full Name').fill(entry.name);
  await form.getByLabel('Email').fill(entry.email);
  await form.getByLabel('WhatsApp / Telegram / Phone').fill(entry.contact);
  await form.getByRole('button', { name: /Campaign Interest/ }).click();
  await page.getByRole('option', { name: entry.interest }).click();
  return form;
}

const submitButton = (page: Page) =>
  page.getByRole('form', { name: 'Join the waitlist' }).locator('button[type="submit"]');

describe('waitlist form', () => {
  it('joins: success state, then the form resets after 2 s', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      const email = uniqueEmail('waitlist');
      const form = await fillWaitlist(page, {
        name: 'Wanda Waitlist',
        email,
        contact: '@wanda',
        interest: 'Real Estate',
      });
      await submitButton(page).click();
      await expectToast(page, 'Success!', "You've been added to our waitlist. Check your email for confirmation.");
      await expect.poll(() => submitButton(page).textContent()).toBe('Joined Successfully');
      expect(await form.getByLabel('Full Name').isDisabled()).toBe(true);

      await expect.poll(() => submitButton(page).textContent(), { timeout: 5_000 }).toBe('Join the Waitlist');
      expect(await form.getByLabel('Full Name').inputValue()).toBe('');
      expect(await form.getByLabel('Email').inputValue()).toBe('');
      expect(await form.getByLabel('Full Name').isEnabled()).toBe(true);

      const again = await fetch(appUrl('/api/waitlist'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Wanda', email, contact: '@wanda', campaignInterest: 'Real Estate' }),
      });
      expect(again.status).toBe(409);
    } finally {
      await context.close();
    }
  });

  it('refuses empty fields, and keeps the values when the server refuses a duplicate', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      await submitButton(page).click();
      await expectToast(page, 'Error', 'Please fill out all fields');

      const email = uniqueEmail('duplicate');
      await fetch(appUrl('/api/waitlist'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'First', email, contact: '+1 555 0100', campaignInterest: 'Other' }),
      });
      const form = await fillWaitlist(page, { name: 'Second Try', email, contact: '+1 555 0101', interest: 'Other' });
      await submitButton(page).click();
      await expectToast(page, 'Submission Failed', 'This email is already on the waitlist.');
      await expect.poll(() => submitButton(page).textContent()).toBe('Join the Waitlist');
      expect(await form.getByLabel('Full Name').inputValue()).toBe('Second Try');
      expect(await form.getByLabel('Email').inputValue()).toBe(email);
    } finally {
      await context.close();
    }
  });

  it('submits on the first click after an invalid e-mail is corrected: the message goes as the value becomes valid', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      const email = uniqueEmail('corrected');
      const form = await fillWaitlist(page, {
        name: 'Cora Corrected',
        email: 'cora.example.test',
        contact: '@cora',
        interest: 'Other',
      });
      const field = form.getByLabel('Email');
      await submitButton(page).click();
      // The browser's own check refuses the address, and the field says why.
      await expect.poll(() => field.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
      // The field is marked invalid and says why under the input.
      const invalidField = form.locator('[data-invalid]:has(input[name="email"])');
      await invalidField.waitFor();
      expect(((await invalidField.textContent()) ?? '').length).toBeGreaterThan('Email'.length + 5);
      await field.fill(email);
      // Still focused in the field (no blur yet), the message is already gone.
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
      await expect.poll(() => invalidField.count()).toBe(0);
      let posted = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/waitlist') && request.method() === 'POST') posted += 1;
      });
      await submitButton(page).click();
      await expectToast(page, 'Success!', "You've been added to our waitlist. Check your email for confirmation.");
      expect(posted).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('keeps the entry in local storage while the server is unreachable and sends it when it answers again', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      const email = uniqueEmail('offline');
      await page.route('**/api/waitlist', (route) => route.abort('internetdisconnected'));
      await fillWaitlist(page, { name: 'Olga Offline', email, contact: '@olga', interest: 'Health & Wellness' });
      await submitButton(page).click();
      await expectToast(page, 'Success!');
      const kept = await page.evaluate(
        () => JSON.parse(localStorage.getItem('waitlist_entries') ?? '[]') as Array<Record<string, unknown>>,
      );
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({
        name: 'Olga Offline',
        email,
        contact: '@olga',
        campaign_interest: 'Health & Wellness',
        processed: false,
      });
      expect(typeof kept[0].id).toBe('string');
      expect(typeof kept[0].created_at).toBe('string');

      await page.unroute('**/api/waitlist');
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => page.evaluate(() => localStorage.getItem('waitlist_entries'))).toBeNull();

      const again = await fetch(appUrl('/api/waitlist'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Olga', email, contact: '@olga', campaignInterest: 'Health & Wellness' }),
      });
      expect(again.status).toBe(409);
    } finally {
      await context.close();
    }
  });

  it('sends kept entries on the next visit', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      const email = uniqueEmail('next-visit');
      await page.evaluate((address) => {
        const entry = {
          id: 'kept-1',
          name: 'Nina Next',
          email: address,
          contact: '@nina',
          campaign_interest: 'Other',
          created_at: new Date().toISOString(),
          processed: false,
        };
        localStorage.setItem('waitlist_entries', JSON.stringify([entry]));
      }, email);
      await page.reload();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('waitlist_entries'))).toBeNull();
      const again = await fetch(appUrl('/api/waitlist'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Nina', email, contact: '@nina', campaignInterest: 'Other' }),
      });
      expect(again.status).toBe(409);
    } finally {
      await context.close();
    }
  });
});
