import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, openPage } from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

const ADMIN = { email: 'admin@demo.test', password: process.env.DEMO_PASSWORD || 'commission-warrior' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the standard queue dashboard', () => {
  it("opens from the admin Queues page on the app's session and renders under the app's CSP", async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    const refused: string[] = [];
    const failed: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/admin/queue-board/') && response.status() >= 400)
        failed.push(`${response.status()} ${response.url()}`);
    });
    try {
      await signInAs(page, ADMIN.email, ADMIN.password);
      await page.goto(appUrl('/admin/queues'));
      await page.getByRole('heading', { level: 1, name: 'Queues' }).waitFor();
      await page.getByRole('button', { name: 'Open Bull Board' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/queue-board/');
      // The board's own script drew the app's queues from its API.
      await page.getByText('email', { exact: true }).first().waitFor();
      await page.getByText('leads', { exact: true }).first().waitFor();
      expect(await page.title()).toBe('Commission Warriors queues');
      expect(refused).toEqual([]);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("is refused to a browser without an admin session with the app's own pages, not a JSON answer", async () => {
    // Signed out: the app asks for a sign-in.
    const anonymous = await openPage(browser, '/login');
    try {
      const answer = await anonymous.page.goto(appUrl('/admin/queue-board/'));
      expect(answer?.request().redirectedFrom()?.url()).toBe(appUrl('/admin/queue-board/'));
      await anonymous.page.waitForURL((url) => url.pathname === '/login');
      await anonymous.page.getByRole('form', { name: 'Login' }).waitFor();
    } finally {
      await anonymous.context.close();
    }
    // An agent: the app's no-access page, inside the dashboard.
    const agent = await openPage(browser, '/login');
    try {
      await signInAs(agent.page);
      await agent.page.goto(appUrl('/admin/queue-board/'));
      await agent.page.waitForURL((url) => url.pathname === '/admin/queues');
      await agent.page.getByRole('heading', { level: 1, name: 'Queues' }).waitFor();
      await agent.page.getByText('You do not have access to this.').waitFor();
      expect(await agent.page.textContent('body')).not.toContain('"code"');
      expect(agent.errors).toEqual([]);
    } finally {
      await agent.context.close();
    }
  });
});
