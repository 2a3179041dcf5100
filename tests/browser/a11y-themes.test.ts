import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, DEMO_AGENT, launchBrowser, openPage, describedAxeViolations } from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

// axe-core over the page states the browser suite visits that accessibility.test.ts and dashboard-a11y.test.ts do
// not, once per role, in the light and in the dark theme (the theme follows the system's colour scheme).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const violations = describedAxeViolations;

interface PageState {
  name: string;
  path: string;
  /** Resolves once the state is drawn (its data loaded, a dialog open). */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { level: 1, name }).first().waitFor();
};

/** Visits each state and collects its violations; one failure message lists them all. */
async function checkStates(page: Page, states: PageState[]): Promise<void> {
  const found: string[] = [];
  for (const state of states) {
    await page.goto(appUrl(state.path));
    await state.ready(page);
    await page.waitForLoadState('networkidle');
    for (const line of await violations(page)) found.push(`${state.name}: ${line}`);
  }
  expect(found).toEqual([]);
}

const AGENT_STATES: PageState[] = [
  {
    name: 'lead management',
    path: '/lead-management',
    ready: async (page) => {
      await page
        .getByTestId('lead-table')
        .or(page.getByText(/No leads found/))
        .first()
        .waitFor();
    },
  },
  { name: 'leads', path: '/dashboard/leads', ready: heading(/Leads/) },
  { name: 'client progress', path: '/dashboard/clients', ready: heading(/Client/) },
  {
    name: 'community',
    path: '/community',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1, name: /Community/ }).waitFor();
      await page.getByRole('article').first().waitFor();
    },
  },
  {
    name: 'insights',
    path: '/dashboard/insights',
    ready: async (page) => {
      await page.getByRole('region', { name: 'Earnings over time' }).waitFor();
    },
  },
  { name: 'calendar', path: '/dashboard/calendar', ready: heading(/Calendar|Follow/) },
  { name: 'perks', path: '/dashboard/perks', ready: heading(/Perks/) },
  { name: 'plans', path: '/dashboard/plans', ready: heading(/Plan/) },
  { name: 'profile', path: '/dashboard/profile', ready: heading(/Profile/) },
  { name: 'support', path: '/dashboard/support', ready: heading(/Support/) },
  {
    name: 'scripts',
    path: '/resources/scripts',
    ready: async (page) => {
      await page.getByRole('heading', { level: 2 }).getByRole('button').first().waitFor();
    },
  },
  { name: 'materials', path: '/resources/materials', ready: heading(/Materials/) },
  { name: 'voice notes', path: '/resources/voice-notes', ready: heading(/Voice/) },
  { name: 'AI rebuttals', path: '/resources/ai-rebuttals', ready: heading(/Rebuttal/) },
  { name: 'admin-only page', path: '/admin/queues', ready: heading('Queues') },
];

const OWNER_STATES: PageState[] = [
  {
    name: 'new campaign form',
    path: '/dashboard/campaigns',
    ready: async (page) => {
      await page.getByRole('button', { name: 'New Campaign' }).click();
      await page.getByRole('dialog', { name: 'New Campaign' }).waitFor();
    },
  },
  {
    name: 'lead management with a lead open',
    path: '/lead-management',
    ready: async (page) => {
      await page
        .getByTestId('lead-table')
        .getByRole('button', { name: /^Details of / })
        .first()
        .click();
      await page.getByTestId('lead-panel').waitFor();
    },
  },
];

const ADMIN_STATES: PageState[] = [
  { name: 'waitlist', path: '/dashboard/waitlist-admin', ready: heading('Waitlist') },
  {
    name: 'queues',
    path: '/admin/queues',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Open Bull Board' }).waitFor();
    },
  },
  { name: 'payouts', path: '/admin/payouts', ready: heading('Payouts') },
];

const PUBLIC_STATES: PageState[] = [
  { name: 'terms', path: '/terms', ready: heading('Terms of Service') },
  { name: 'privacy', path: '/privacy', ready: heading('Privacy Policy') },
  {
    name: 'login',
    path: '/login',
    ready: async (page) => {
      await page.getByRole('form', { name: 'Login' }).waitFor();
    },
  },
  {
    name: 'register',
    path: '/login?tab=register',
    ready: async (page) => {
      await page.getByRole('form', { name: 'Register' }).waitFor();
    },
  },
  {
    name: 'verify',
    path: '/verify',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Verify Email' }).waitFor();
    },
  },
  { name: 'not found', path: '/no-such-page', ready: heading('404') },
];

const ROLES: Array<{ role: string; email?: string; states: PageState[] }> = [
  { role: 'visitor', states: PUBLIC_STATES },
  { role: 'agent', email: DEMO_AGENT.email, states: AGENT_STATES },
  { role: 'owner', email: 'owner@demo.test', states: OWNER_STATES },
  { role: 'admin', email: 'admin@demo.test', states: ADMIN_STATES },
];

describe('accessibility in both themes (axe-core): no serious or critical violations', () => {
  for (const colorScheme of ['light', 'dark'] as const)
    for (const { role, email, states } of ROLES)
      it(`${role} pages (${colorScheme})`, async () => {
        const { page, context } = await openPage(browser, '/login', { bypassCSP: true, colorScheme });
        try {
          if (email) await signInAs(page, email);
          await checkStates(page, states);
        } finally {
          await context.close();
        }
      }, 180_000);

  for (const colorScheme of ['light', 'dark'] as const)
    it(`the phone layout with the drawer open (${colorScheme})`, async () => {
      const { page, context } = await openPage(browser, '/login', {
        bypassCSP: true,
        colorScheme,
        viewport: { width: 390, height: 844 },
      });
      try {
        await signInAs(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Dashboard menu' }).waitFor();
        expect(await violations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
});
