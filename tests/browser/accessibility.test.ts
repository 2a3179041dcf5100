import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountByApi,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  uniqueEmail,
  waitForPath,
  type AxeViolation,
} from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`/ (${colorScheme})`, async () => {
      const { page, context } = await openPage(browser, '/', { bypassCSP: true, colorScheme });
      try {
        await page.locator('#campaigns[aria-busy="false"]').waitFor();
        await page.getByTestId('demo-widget').scrollIntoViewIfNeeded();
        expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('/login (both tabs)', async () => {
    const { page, context } = await openPage(browser, '/login', { bypassCSP: true });
    try {
      await page.getByRole('form', { name: 'Login' }).waitFor();
      expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('form', { name: 'Register' }).waitFor();
      expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/verify', async () => {
    const { page, context } = await openPage(browser, '/verify', { bypassCSP: true });
    try {
      await page.getByRole('button', { name: 'Verify Email' }).waitFor();
      expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const)
    it(`/role-selection (signed in, as after verification; ${colorScheme})`, async () => {
      const email = uniqueEmail('a11y');
      await createAccountByApi(email);
      const { page, context } = await openPage(browser, '/login', { bypassCSP: true, colorScheme });
      try {
        const form = page.getByRole('form', { name: 'Login' });
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Password').fill('warrior-password-1');
        await form.getByRole('button', { name: 'Sign In' }).click();
        await waitForPath(page, '/dashboard');
        await page.goto(new URL('/role-selection', page.url()).toString());
        await page.getByRole('heading', { name: 'Choose Your Role' }).waitFor();
        await expect.poll(() => page.getByRole('button', { name: /Sales Agent/ }).isEnabled()).toBe(true);
        expect(describeViolations(await seriousAxeViolations(page))).toEqual([]);
      } finally {
        await context.close();
      }
    });
});
