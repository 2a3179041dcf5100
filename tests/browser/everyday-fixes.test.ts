import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, expectToast, launchBrowser, openPage, toastWithTitle } from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const run = () => Date.now().toString(36);

/** Counts, in the page, every toast element that ever appears with this title. */
async function countToastsShown(page: Page, title: string): Promise<void> {
  await page.evaluate((text) => {
    const seen = new Set<Element>();
    (window as unknown as { toastsShown: () => number }).toastsShown = () => seen.size;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[role="alertdialog"]'))
        if (toast.textContent?.includes(text)) seen.add(toast);
    }).observe(document.body, { subtree: true, childList: true });
  }, title);
}

async function selectOption(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: string,
  option: string,
): Promise<void> {
  await scope
    .getByRole('button', { name: new RegExp(`${label}$`) })
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('everyday fixes', () => {
  it('shows one toast per kind: four equal errors replace each other, and none comes back after its 4 s', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByRole('button', { name: 'Sign In' }).waitFor();
      await countToastsShown(page, 'Please enter both email and password');
      for (let i = 0; i < 4; i++) await form.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => toastWithTitle(page, 'Error').count()).toBe(1);
      // The last one has had its 4 s: none is left, and no replaced one was shown again.
      await expect.poll(() => toastWithTitle(page, 'Error').count(), { timeout: 15_000 }).toBe(0);
      await page.waitForTimeout(1_500);
      expect(await toastWithTitle(page, 'Error').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { toastsShown: () => number }).toastsShown())).toBe(4);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('welcomes a sign-in once, not every full page load; the landing header then offers the dashboard', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await expectToast(page, 'Welcome to your Dashboard!');
      await countToastsShown(page, 'Welcome to your Dashboard!');
      await page.goto(appUrl('/dashboard/calls'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(1_500);
      expect(await toastWithTitle(page, 'Welcome to your Dashboard!').count()).toBe(0);

      await page.goto(appUrl('/'));
      const header = page.locator('header').first();
      await header.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
      expect(await header.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
      // A limit whose date has passed (the seed's 2025-05-01) shows no badge.
      const card = page.getByTestId('campaign-card').filter({ hasText: 'Real Estate Lead Generation' });
      await card.waitFor();
      expect(await card.getByText(/Limited/).count()).toBe(0);
      await header.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: /^Welcome back, / }).waitFor();
      expect(await toastWithTitle(page, 'Welcome to your Dashboard!').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the sidebar name inside the sidebar and the theme button under the open drawer at 390 px', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      const overflow = await page.getByRole('navigation', { name: 'Dashboard' }).evaluate((nav) => {
        const edge = nav.getBoundingClientRect().right;
        return Math.max(
          0,
          ...[...nav.querySelectorAll('*')].map((element) => element.getBoundingClientRect().right - edge),
        );
      });
      expect(overflow).toBeLessThanOrEqual(0);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
      await drawer.getByRole('link', { name: /^My Bonsai/ }).waitFor();
      const topmostIsToggle = await page.getByRole('button', { name: 'Toggle theme' }).evaluate((toggle) => {
        const box = toggle.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return Boolean(top && toggle.contains(top));
      });
      expect(topmostIsToggle).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names an upload after the file chosen last, and shows an upload outside the folder the list is filtered to', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl('/resources/materials'));
      await page.getByRole('heading', { level: 1, name: 'Materials' }).waitFor();
      const id = run();

      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Material' });
      const file = dialog.locator('input[type="file"]');
      await file.setInputFiles({
        name: `evil-${id}.exe`,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ not allowed'),
      });
      await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe(`evil-${id}`);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'Upload failed');
      await file.setInputFiles({
        name: `notes-${id}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from('Call back after 3pm.\n'),
      });
      await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe(`notes-${id}`);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'Material uploaded', `notes-${id}`);
      await page
        .getByRole('row')
        .filter({ hasText: `notes-${id}` })
        .waitFor();

      await page.getByRole('button', { name: 'New Folder' }).click();
      const folderDialog = page.getByRole('dialog', { name: 'New Folder' });
      await folderDialog.getByLabel('Folder name').fill(`Folder ${id}`);
      await folderDialog.getByRole('button', { name: 'Create Folder' }).click();
      await folderDialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await file.setInputFiles({
        name: `loose-${id}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from('Not in a folder.\n'),
      });
      await selectOption(page, dialog, 'Folder', 'No folder');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectToast(page, 'Material uploaded', `loose-${id}`);
      await page
        .getByRole('row')
        .filter({ hasText: `loose-${id}` })
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("follows the last call state of a downline member on the team lead's panel", async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl('/dashboard/bonsai'));
      const panel = page.getByTestId('team-activity');
      await panel.waitFor();
      const member = await apiToken('agent2@demo.test');
      await apiCall(member, '/api/dialer/connect', { method: 'POST' });
      await expect
        .poll(async () => (await apiCall<{ phone: { status: string } }>(member, '/api/dialer/state')).phone.status, {
          timeout: 10_000,
        })
        .toBe('connected');
      for (let attempt = 0; attempt < 2; attempt++) {
        const call = await apiCall<{ id: string }>(member, '/api/dialer/calls', { body: { phone: '5550104321' } });
        await panel.getByText(/On a call now: .*Bianca Closer/).waitFor();
        await apiCall(member, `/api/dialer/calls/${call.id}/end`, { method: 'POST' });
        await panel.getByText('Nobody in your team is on a call right now.').waitFor();
        // Past the refresh that follows the activity and the line going idle: the panel stays as the call left it.
        await page.waitForTimeout(2_500);
        expect(await panel.getByText('Nobody in your team is on a call right now.').count()).toBe(1);
        await expect
          .poll(
            async () => (await apiCall<{ call: { state: string } | null }>(member, '/api/dialer/state')).call?.state,
          )
          .toBe('idle');
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
