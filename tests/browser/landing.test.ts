import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, openPage, waitForPath } from '../support/browser.js';

interface CampaignItem {
  id: string;
  slug: string;
  name: string;
  payoutRange: string;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('landing page', () => {
  it('shows every section in order, with the campaign directory from the API', async () => {
    const { page, context, errors } = await openPage(browser, '/');
    try {
      await page.getByRole('heading', { level: 1, name: 'Become a Commission Warrior' }).waitFor();
      const sectionTitles = await page.locator('main h2').allTextContents();
      expect(sectionTitles).toEqual([
        'Join the Waitlist & Get Demo Access',
        "What You'll Unlock",
        'Plans',
        'Is This Right For You?',
        'Campaign Directory',
        'Your Dashboard, Before You Even Start',
      ]);
      await expect(page.locator('footer').textContent()).resolves.toContain('Commission Warriors');

      for (const item of ['Live Campaigns', 'Dashboard Preview', 'Referrals Tree + Bonuses', 'Early Access Bonuses']) {
        await page.getByRole('heading', { level: 3, name: item }).waitFor();
      }
      for (const plan of ['Free Trial', 'Pro Agent', 'Matrix Escape'])
        await page.getByRole('heading', { level: 3, name: plan }).waitFor();
      await page.getByText('Most Popular').waitFor();

      const { items } = (await (await fetch(appUrl('/api/campaigns'))).json()) as { items: CampaignItem[] };
      const directory = page.locator('#campaigns');
      await expect.poll(() => directory.getAttribute('aria-busy')).toBe('false');
      if (items.length) {
        const cards = directory.getByTestId('campaign-card');
        await expect.poll(() => cards.count()).toBe(items.length);
        expect(await cards.locator('h3').allTextContents()).toEqual(items.map((campaign) => campaign.name));
        await expect(cards.first().textContent()).resolves.toContain(items[0].payoutRange);
        await expect(
          cards
            .first()
            .getByRole('link', { name: /View Details/ })
            .getAttribute('href'),
        ).resolves.toBe(`/dashboard/campaigns/${items[0].slug}`);
      } else {
        await directory.getByText('No campaigns found').waitFor();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('demo widget starts on Leads and fades between its four tabs', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      await page.getByRole('heading', { name: 'Your Dashboard, Before You Even Start' }).scrollIntoViewIfNeeded();
      const widget = page.getByTestId('demo-widget');
      await widget.getByText('Commission Warrior', { exact: true }).waitFor();
      await widget.getByText('Total Earnings').waitFor();
      const tabs = widget.getByRole('tab');
      expect((await tabs.allTextContents()).map((text) => text.trim())).toEqual([
        'Leads',
        'Earnings',
        'Bonsai',
        'Campaigns',
      ]);
      await expect(widget.getByRole('tab', { name: 'Leads' }).getAttribute('aria-selected')).resolves.toBe('true');
      await widget.getByRole('heading', { name: 'Your Assigned Leads' }).waitFor();
      await widget.getByText(/^\d+ active$/).waitFor();

      await widget.getByRole('tab', { name: 'Earnings' }).click();
      const panel = widget.getByRole('tabpanel');
      await panel.getByRole('heading', { name: 'Recent Payouts' }).waitFor();
      const fade = await panel.evaluate((element) => {
        const style = getComputedStyle(element);
        return { duration: style.animationDuration, name: style.animationName };
      });
      expect(fade.duration).toBe('0.3s');
      expect(fade.name).not.toBe('none');
      for (const period of ['Daily', 'Weekly', 'Monthly']) await panel.getByText(period, { exact: true }).waitFor();

      await widget.getByRole('tab', { name: 'Bonsai' }).click();
      await panel.getByRole('heading', { name: 'Your Bonsai Referral Tree' }).waitFor();
      await panel.getByText('Grow your passive income').waitFor();
      expect(await panel.getByText('5% override').count()).toBeGreaterThan(0);
      await expect(panel.locator('code').textContent()).resolves.toMatch(
        new RegExp(`^${new URL(appUrl()).host}/join/[A-Z0-9]+$`),
      );

      await widget.getByRole('tab', { name: 'Campaigns' }).click();
      await panel.getByRole('heading', { name: 'Active Campaigns' }).waitFor();
      await panel.getByRole('button', { name: 'Request New Leads' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('calls to action scroll to the waitlist form and "Login to Dashboard" opens /login', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      await page.getByRole('button', { name: 'Choose Matrix Escape' }).click();
      await expect
        .poll(() => page.locator('#waitlist').evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120))
        .toBe(true);
      await page.getByRole('link', { name: 'Login to Dashboard' }).click();
      await waitForPath(page, '/login');
      await page.getByRole('tab', { name: 'Login' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the dollar animation runs, and stops under prefers-reduced-motion', async () => {
    const moving = await openPage(browser, '/');
    const still = await openPage(browser, '/', { reducedMotion: 'reduce' });
    try {
      const animationOf = (page: typeof moving.page) =>
        page
          .getByTestId('dollar-rain')
          .locator('span')
          .first()
          .evaluate((el) => getComputedStyle(el).animationName);
      await expect(animationOf(moving.page)).resolves.not.toBe('none');
      await expect(animationOf(still.page)).resolves.toBe('none');
    } finally {
      await moving.context.close();
      await still.context.close();
    }
  });

  it('unknown paths show the 404 page and log the error', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      const logged = page.waitForEvent(
        'console',
        (message) => message.type() === 'error' && message.text().includes('404 Error'),
      );
      await page.goto(appUrl('/no/such/page'));
      await logged;
      await page.getByRole('heading', { name: '404' }).waitFor();
      await page.getByText('Oops! Page not found').waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await waitForPath(page, '/');
    } finally {
      await context.close();
    }
  });

  it('a route that fails to load shows the router error screen', async () => {
    const { page, context } = await openPage(browser, '/');
    try {
      await page.route(/\/assets\/LegalPage-[^/]+\.js$/, (route) => route.abort('failed'));
      await page.getByRole('link', { name: 'Terms' }).click();
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
