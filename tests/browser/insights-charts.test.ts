import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';
import { appUrl, createAccountByApi, launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'warrior-password-1';
const LONG = 'Hotel Accommodation Premium Leads for the Greater Chicago Lakefront Area';

async function newOwner(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('chart-owner');
  await createAccountByApi(email, PASSWORD, 'Charlotte Charts');
  const token = await apiToken(email, PASSWORD);
  await apiCall(token, '/api/me/role', { body: { role: 'owner' } });
  const me = await apiCall<{ id: string }>(token, '/api/me');
  await apiCall(await apiToken('admin@demo.test'), `/api/admin/role-requests/${me.id}`, {
    body: { decision: 'approve' },
  });
  return { email, token: await apiToken(email, PASSWORD) };
}

function campaignBody(name: string) {
  return {
    name,
    description: 'A campaign drawn by the chart tests',
    status: 'active',
    roleNeeded: 'Both',
    payoutRange: '$500-$2500',
    commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
  };
}

/** One lead of the owner's campaign, requested and closed by a new agent: assigned = contacted = interested = closed = 1. */
async function closedDeal(ownerToken: string, campaignId: string): Promise<string> {
  const email = uniqueEmail('chart-agent');
  await createAccountByApi(email, PASSWORD, 'Chris Charts');
  const agentToken = await apiToken(email, PASSWORD);
  await apiCall(agentToken, `/api/campaigns/${campaignId}/join`, { method: 'POST' });
  const prefix = `Chart ${Date.now().toString(36)}`;
  const form = new FormData();
  form.append(
    'file',
    new Blob([`name,email\n${prefix} 1,chart.${Date.now().toString(36)}@example.test\n`], { type: 'text/csv' }),
    'chart.csv',
  );
  await apiCall(ownerToken, `/api/campaigns/${campaignId}/leads/import`, { form });
  let lead: LeadItem | undefined;
  await expect
    .poll(
      async () => {
        await apiCall(agentToken, '/api/leads/request', { body: { campaignId, count: 1 } }).catch(() => undefined);
        lead = (await apiCall<{ items: LeadItem[] }>(agentToken, `/api/leads?search=${encodeURIComponent(prefix)}`))
          .items[0];
        return Boolean(lead);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  await apiCall(agentToken, `/api/leads/${lead!.id}/close`, { body: { dealValue: 1000 } });
  return email;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The drawn chart's geometry, read from the page: bars by series and category, tick labels, category labels. */
async function geometry(card: Locator) {
  await card.locator('svg[data-chart="bars"]').waitFor();
  await card.scrollIntoViewIfNeeded();
  if (process.env.CHART_SHOTS)
    await card.screenshot({ path: `/tmp/uip-${await card.getAttribute('aria-labelledby')}-${Date.now()}.png` });
  return card.evaluate((element) => {
    const box = (node: Element) => {
      const r = node.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const svg = element.querySelector('svg[data-chart="bars"]')!;
    return {
      svg: box(svg),
      bars: [...svg.querySelectorAll('rect[data-series]')].map((rect) => ({
        series: rect.getAttribute('data-series')!,
        category: rect.parentElement!.getAttribute('data-category')!,
        box: box(rect),
        // A bar with height is seen at its centre, not covered by another bar.
        seen: (() => {
          const r = rect.getBoundingClientRect();
          return r.height < 1 || document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === rect;
        })(),
      })),
      ticks: [...svg.querySelectorAll('[data-tick]')].map((tick) => tick.textContent ?? ''),
      labels: [...svg.querySelectorAll('text[data-label]')].map((label) => ({
        name: label.getAttribute('data-label')!,
        box: box(label),
        tooltip: label.querySelector('title')?.textContent,
      })),
    };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
const sideBySide = (a: Box, b: Box) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5;

async function expectReadableChart(
  card: Locator,
  categories: string[],
  series: string[],
  options: { integerTicks: boolean },
) {
  const drawn = await geometry(card);
  // Every series has a bar in every category, and the bars of one category stand side by side.
  expect(drawn.bars).toHaveLength(categories.length * series.length);
  for (const category of categories) {
    const bars = drawn.bars.filter((bar) => bar.category === category);
    expect(bars.map((bar) => bar.series).sort()).toEqual([...series].sort());
    for (const a of bars)
      for (const b of bars)
        if (a !== b) expect(sideBySide(a.box, b.box), `${category}: ${a.series} beside ${b.series}`).toBe(true);
  }
  expect(drawn.bars.filter((bar) => !bar.seen).map((bar) => `${bar.category}/${bar.series}`)).toEqual([]);
  // Tick labels: unique, whole numbers for counts.
  expect(new Set(drawn.ticks).size).toBe(drawn.ticks.length);
  expect(drawn.ticks.length).toBeGreaterThanOrEqual(2);
  if (options.integerTicks) for (const tick of drawn.ticks) expect(tick).toMatch(/^-?[\d,]+$/);
  // Category labels: none overlaps another, each inside the drawing, each with its full name as the tooltip.
  expect(drawn.labels.length).toBeGreaterThan(0);
  for (const label of drawn.labels) {
    expect(label.tooltip).toBe(label.name);
    expect(label.box.left).toBeGreaterThanOrEqual(drawn.svg.left - 0.5);
    expect(label.box.right).toBeLessThanOrEqual(drawn.svg.right + 0.5);
    expect(label.box.bottom).toBeLessThanOrEqual(drawn.svg.bottom + 0.5);
  }
  for (const [i, a] of drawn.labels.entries())
    for (const b of drawn.labels.slice(i + 1))
      expect(overlaps(a.box, b.box), `labels "${a.name}" and "${b.name}" overlap`).toBe(false);
  return drawn;
}

async function openInsights(
  email: string,
  width = 1280,
): Promise<{ page: Page; close: () => Promise<void>; errors: Error[] }> {
  const { page, context, errors } = await openPage(browser, '/login', { viewport: { width, height: 900 } });
  await signInAs(page, email, PASSWORD);
  await page.goto(appUrl('/dashboard/insights?period=this-month'));
  return { page, errors, close: () => context.close() };
}

describe('insights charts cannot mislead', () => {
  it('draws equal values, zeros, one category and thirty long-named categories so that every bar and label can be read', async () => {
    const owner = await newOwner();
    const first = await apiCall<CampaignDetail>(owner.token, '/api/campaigns', { body: campaignBody(`${LONG} 01`) });
    const agentEmail = await closedDeal(owner.token, first.id);

    // The agent: one campaign whose four funnel figures are all 1; calls and hours all zero.
    const agent = await openInsights(agentEmail);
    try {
      const funnel = agent.page.getByRole('region', { name: 'Lead funnel' });
      const stages = ['Assigned', 'Contacted', 'Interested', 'Closed'];
      await expect
        .poll(() => funnel.getByRole('img').getAttribute('aria-label'), { timeout: 30_000 })
        .toMatch(/1 leads assigned, 1 closed/);
      const drawn = await expectReadableChart(funnel, [first.name], stages, { integerTicks: true });
      const heights = drawn.bars.map((bar) => Math.round(bar.box.bottom - bar.box.top));
      expect(new Set(heights).size).toBe(1);
      expect(heights[0]).toBeGreaterThan(10);
      expect(drawn.ticks).toEqual([...new Set(drawn.ticks)]);

      // The legend shows and hides a series.
      const closed = funnel.getByRole('group', { name: 'Lead funnel series' }).getByRole('button', { name: 'Closed' });
      expect(await closed.getAttribute('aria-pressed')).toBe('true');
      await closed.click();
      expect(await closed.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => funnel.locator('rect[data-series="Closed"]').count()).toBe(0);
      await closed.click();
      await expect.poll(() => funnel.locator('rect[data-series="Closed"]').count()).toBe(1);

      const hours = agent.page.getByRole('region', { name: 'Calls by hour of day' });
      const hourLabels = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
      await expectReadableChart(hours, hourLabels, ['Dials', 'Connects'], { integerTicks: true });
      expect(agent.errors).toEqual([]);
    } finally {
      await agent.close();
    }

    // The owner: thirty campaigns with long names, one with a deal, the others at zero.
    const names = [first.name];
    for (let i = 2; i <= 30; i++)
      names.push(
        (
          await apiCall<CampaignDetail>(owner.token, '/api/campaigns', {
            body: campaignBody(`${LONG} ${String(i).padStart(2, '0')}`),
          })
        ).name,
      );
    for (const width of [1280, 800]) {
      const view = await openInsights(owner.email, width);
      try {
        const campaigns = view.page.getByRole('region', { name: 'Campaigns' });
        await campaigns.locator(`[data-category="${names[29]}"]`).waitFor({ state: 'attached' });
        await expectReadableChart(campaigns, names, ['Revenue', 'Commission cost'], { integerTicks: false });
        expect(view.errors).toEqual([]);
      } finally {
        await view.close();
      }
    }
  });
});
