import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

// Issue 33 item 6: every link the app makes to a campaign uses its slug, never its 24-character id, including a
// campaign named like another campaign's id (its slug is not that id).
const ID = /^[0-9a-f]{24}$/;
let browser: Browser;
let twin: CampaignDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await apiToken('owner@demo.test');
  const body = (name: string) => ({
    name,
    description: 'Links use slugs',
    status: 'active',
    roleNeeded: 'Both',
    payoutRange: '$100-$200',
    commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
  });
  const first = await apiCall<CampaignDetail>(owner, '/api/campaigns', {
    body: body(`Slug Links ${Date.now().toString(36)}`),
  });
  twin = await apiCall<CampaignDetail>(owner, '/api/campaigns', { body: body(first.id) });
});

afterAll(async () => {
  await browser?.close();
});

/** The campaign part of every campaign and Bonsai link on the page. */
async function campaignRefs(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href*="/dashboard/campaigns/"], a[href*="/dashboard/bonsai?campaign="]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) =>
    decodeURIComponent(
      href
        .replace(/^.*\/dashboard\/campaigns\//, '')
        .replace(/^.*[?&]campaign=/, '')
        .split(/[?&#]/)[0],
    ),
  );
}

describe('links to campaigns', () => {
  it('use slugs on the campaign cards, the Bonsai links and the detail page', async () => {
    expect(twin.slug).not.toMatch(ID);
    const { page, context, errors } = await openPage(browser, '/login');
    await signInAs(page, 'owner@demo.test');
    await page.goto(new URL('/dashboard/campaigns', page.url()).toString());
    await page.getByRole('link', { name: `View details of ${twin.name}` }).waitFor();
    const onCards = await campaignRefs(page);
    expect(onCards.length).toBeGreaterThan(1);
    expect(onCards.filter((ref) => ID.test(ref))).toEqual([]);
    expect(onCards).toContain(twin.slug);

    await page.getByRole('link', { name: `View details of ${twin.name}` }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/campaigns/${twin.slug}`);
    await page.getByRole('heading', { level: 1, name: twin.name }).waitFor();
    const onDetail = await campaignRefs(page);
    expect(onDetail.filter((ref) => ID.test(ref))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('use slugs on the landing page cards', async () => {
    const { page, context } = await openPage(browser, '/');
    await page.locator('a[href*="/dashboard/campaigns/"]').first().waitFor();
    const refs = await campaignRefs(page);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => ID.test(ref))).toEqual([]);
    await context.close();
  });
});
