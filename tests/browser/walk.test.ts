import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import type { LeadList } from '../../shared/schemas/leads/list.js';
import {
  appUrl,
  expectToast,
  launchBrowser,
  openPage,
  type OpenedPage,
  waitForLiveConnection,
} from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

// A working day from an owner's new campaign to a refunded deal, on the demo accounts: Omar owns the campaign,
// Alex closes, Carlos opened the lead; Ada runs the payouts (a clawback only exists for a commission already paid).
const OWNER = 'owner@demo.test';
const CLOSER = { email: 'agent@demo.test', name: 'Alex Warrior' };
const OPENER = { email: 'agent3@demo.test', name: 'Carlos Opener' };
// Carlos's recruiter: a team lead, who earns a level-1 override on Carlos's commission.
const TEAM_LEAD = { email: 'agent2@demo.test', name: 'Bianca Closer' };
const ADMIN = 'admin@demo.test';

// Letters only: a search with three digits or more also matches phone numbers.
const run = Date.now()
  .toString(36)
  .slice(-6)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
// Simulated provider: a number ending in 1-8 answers and hangs up after 4 s of talk (docs/dialer.md).
const phoneOf = (i: number) => `555${String(Date.now() + i * 7919).slice(-6)}${(i % 8) + 1}`;
const shownPhone = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

let browser: Browser;
const opened: OpenedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const { context } of opened) await context.close().catch(() => undefined);
  await browser?.close();
});

/** A signed-in page with its live connection up (so nothing the test waits for can be missed). */
async function signedIn(email: string): Promise<OpenedPage> {
  const session = await openPage(browser, '/login', { bypassCSP: true });
  opened.push(session);
  const live = waitForLiveConnection(session.page);
  await signInAs(session.page, email);
  await live;
  return session;
}

/** The Commission statement of one campaign in Payouts History (where the notifications link). */
async function openStatement(page: Page, slug: string) {
  await page.goto(appUrl(`/dashboard/bonsai?tab=payouts&campaign=${slug}`));
  await page.getByRole('tab', { name: 'Payouts History', selected: true }).waitFor();
  await page.getByRole('heading', { name: 'Commission statement' }).waitFor();
  return page.getByRole('region', { name: 'Commission lines' }).or(page.getByText('No commissions yet'));
}

const ledgerRow = (page: Page, leadName: string, kind: string) =>
  page
    .getByTestId('ledger-table')
    .getByRole('row')
    .filter({ hasText: leadName })
    .filter({ has: page.getByRole('cell', { name: kind, exact: true }) });

describe('a working day, repeatable', () => {
  it('owner creates and fills a campaign, an agent calls and closes with an opener, the owner refunds, both see the clawback live', async () => {
    // 1. The owner creates a campaign in the UI.
    const owner = await signedIn(OWNER);
    const campaignName = `Solar Walk ${run}`;
    await owner.page.goto(appUrl('/dashboard/campaigns'));
    await owner.page.getByRole('button', { name: 'New Campaign' }).click();
    const form = owner.page.getByRole('dialog', { name: 'New Campaign' });
    await form.getByLabel('Name').fill(campaignName);
    await form.getByLabel('Description').fill('Rooftop solar for homeowners, called all day.');
    await form.getByLabel('Payout range').fill('$200-$900');
    await form.getByLabel('Opener', { exact: true }).fill('10');
    await form.getByLabel('Closer', { exact: true }).fill('15');
    await form.getByLabel('Full stack', { exact: true }).fill('25');
    // Any hour of the day, so the walk runs whenever the suite does.
    await form.getByLabel('Calls from').fill('00:00');
    await form.getByLabel('Calls until').fill('23:59');
    await expect(form.getByLabel('Hold window (days)').inputValue()).resolves.toBe('0');
    await form.getByRole('button', { name: 'Create Campaign' }).click();
    await expectToast(owner.page, 'Campaign created', campaignName);
    await owner.page.getByRole('heading', { level: 1, name: campaignName }).waitFor();
    const slug = new URL(owner.page.url()).pathname.split('/').pop()!;
    const ownerToken = await apiToken(OWNER);
    const campaign = await apiCall<CampaignDetail>(ownerToken, `/api/campaigns/${slug}`);

    // The closer and the opener work the campaign (imported leads are shared among its members).
    const closerToken = await apiToken(CLOSER.email);
    await apiCall(closerToken, `/api/campaigns/${campaign.id}/join`, { method: 'POST' });
    await apiCall(await apiToken(OPENER.email), `/api/campaigns/${campaign.id}/join`, { method: 'POST' });

    // 2. Lead Management shows the new campaign as a tile; the import dialog names it and writes into it.
    await owner.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^Lead Management/ })
      .click();
    await owner.page.getByRole('heading', { level: 1, name: 'Lead Management' }).waitFor();
    await owner.page.getByRole('radio', { name: new RegExp(`^${campaignName}`) }).click();
    await owner.page.getByRole('radio', { name: new RegExp(`^${campaignName}`), checked: true }).waitFor();
    const prefix = `Walker ${run}`;
    const rows = Array.from(
      { length: 6 },
      (_, i) => `${prefix} ${'abcdef'[i]},walker.${run}.${i}@example.test,${phoneOf(i)}`,
    );
    await owner.page.getByRole('button', { name: 'Import Leads', exact: true }).click();
    const importDialog = owner.page.getByRole('dialog', { name: `Import leads into ${campaignName}` });
    await importDialog.getByLabel(/CSV file/).setInputFiles({
      name: 'walk.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,email,phone\n${rows.join('\n')}\n`),
    });
    await importDialog.getByRole('button', { name: 'Import leads', exact: true }).click();
    await importDialog
      .getByTestId('import-progress')
      .getByText(`Import finished: 6 leads imported, 0 skipped (${campaignName}).`)
      .waitFor({ timeout: 30_000 });
    await importDialog.getByRole('button', { name: 'Done' }).click();
    await importDialog.waitFor({ state: 'detached' });
    await owner.page.getByTestId('lead-table').getByText(`${prefix} a`, { exact: true }).waitFor();

    // 3. The closer and the opener watch their Commission statement for this campaign.
    const opener = await signedIn(OPENER.email);
    await (await openStatement(opener.page, slug)).first().waitFor();
    const teamLead = await signedIn(TEAM_LEAD.email);
    await (await openStatement(teamLead.page, slug)).first().waitFor();
    const closer = await signedIn(CLOSER.email);
    const closerStatement = await closer.context.newPage();
    closerStatement.setDefaultTimeout(15_000);
    await (await openStatement(closerStatement, slug)).first().waitFor();

    // 4. The closer sees the leads distributed to them, calls one, and closes it naming the opener.
    await expect
      .poll(
        async () =>
          (
            await apiCall<LeadList>(
              closerToken,
              `/api/leads?campaignId=${slug}&search=${encodeURIComponent(prefix)}&limit=20`,
            )
          ).items.length,
        {
          timeout: 30_000,
          interval: 300,
        },
      )
      .toBeGreaterThan(0);
    const [lead] = (
      await apiCall<LeadList>(
        closerToken,
        `/api/leads?campaignId=${slug}&search=${encodeURIComponent(prefix)}&limit=20`,
      )
    ).items;
    const agent = closer.page;
    await agent.goto(appUrl('/lead-management'));
    await agent.getByRole('radio', { name: new RegExp(`^${campaignName}`) }).click();
    await agent.getByRole('searchbox', { name: 'Search leads' }).fill(prefix);
    const table = agent.getByTestId('lead-table');
    await table.getByText(lead.name, { exact: true }).waitFor();
    await table.getByRole('button', { name: `Call ${lead.name}` }).click();
    const dialer = agent.getByRole('region', { name: 'Dialer' });
    await dialer.getByText('Connected', { exact: true }).waitFor();
    const dialed = shownPhone(lead.phone!.replace(/\D/g, '').slice(-10));
    await expect.poll(() => dialer.getByLabel('Phone number').inputValue()).toBe(dialed);
    await dialer.getByRole('button', { name: 'Call', exact: true }).click();
    await expectToast(agent, `Call connected to ${dialed}`);
    await expectToast(agent, `Call completed to ${dialed}`);

    await table.getByRole('button', { name: `Details of ${lead.name}` }).click();
    const panel = agent.getByTestId('lead-panel');
    const close = panel.getByRole('form', { name: `Close a deal with ${lead.name}` });
    await close.getByLabel('Deal value (USD)').fill('2,000');
    await close.getByLabel('Opened by').selectOption({ label: OPENER.name });
    // The split shows before anything is recorded: 10% of $2,000 to the opener, 15% to the closer.
    const split = close.getByRole('table', { name: 'Commission split' });
    await split.getByRole('row').filter({ hasText: OPENER.name }).filter({ hasText: '$200' }).waitFor();
    await split.getByRole('row').filter({ hasText: CLOSER.name }).filter({ hasText: '$300' }).waitFor();
    await close.getByRole('button', { name: 'Close deal' }).click();
    const confirm = agent.getByRole('dialog', { name: `Close the deal with ${lead.name}?` });
    const toConfirm = confirm.getByRole('table', { name: 'Commission split to confirm' });
    await toConfirm.getByRole('row').filter({ hasText: OPENER.name }).filter({ hasText: 'opener 10%' }).waitFor();
    await toConfirm.getByRole('row').filter({ hasText: CLOSER.name }).filter({ hasText: 'closer 15%' }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm and close' }).click();
    await expectToast(agent, 'Deal closed', `${lead.name}: $2,000`);

    // Both earners see their line arrive without a reload (written by the commissions worker, then pushed); with a
    // hold window of 0 days it is approved as soon as it is written.
    const unpaid = /^(pending|approved)$/;
    await ledgerRow(closerStatement, lead.name, 'Closer')
      .filter({ hasText: '$300' })
      .getByText(unpaid)
      .waitFor({ timeout: 30_000 });
    await ledgerRow(opener.page, lead.name, 'Opener')
      .filter({ hasText: '$200' })
      .getByText(unpaid)
      .waitFor({ timeout: 30_000 });

    // The opener's team lead sees the override arrive too: 5% of Carlos's $200.
    await ledgerRow(teamLead.page, lead.name, 'Override level 1')
      .filter({ hasText: '$10' })
      .getByText(unpaid)
      .waitFor({ timeout: 30_000 });

    // 5. Only a paid commission is clawed back: the admin's payout run pays these (the hold window is 0 days).
    const admin = await signedIn(ADMIN);
    await admin.page.goto(appUrl('/admin/payouts'));
    await admin.page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await admin.page.getByRole('button', { name: 'Run payouts' }).click();
    await expectToast(admin.page, 'Payout run completed');
    await ledgerRow(closerStatement, lead.name, 'Closer')
      .getByText('paid', { exact: true })
      .waitFor({ timeout: 30_000 });
    await ledgerRow(opener.page, lead.name, 'Opener').getByText('paid', { exact: true }).waitFor({ timeout: 30_000 });

    // 6. The owner opens the deal's lead and refunds it: confirmation, a reason is required.
    await owner.page.goto(appUrl(`/lead-management?campaign=${slug}&lead=${lead.id}`));
    const deal = owner.page.getByTestId('lead-panel').getByTestId('lead-deal');
    await deal.getByText('Closed', { exact: true }).waitFor();
    await deal.getByRole('button', { name: 'Cancel or refund deal' }).click();
    const refund = owner.page.getByRole('dialog', { name: `Cancel or refund the $2,000 deal with ${lead.name}?` });
    await expect(refund.getByLabel('What happened').inputValue()).resolves.toBe('refunded');
    await refund.getByRole('button', { name: 'Refund deal' }).click();
    await refund.getByText('Please give a reason.').waitFor();
    await refund
      .getByRole('textbox', { name: 'Reason' })
      .fill('The homeowner asked for the money back within the trial.');
    await refund.getByRole('button', { name: 'Refund deal' }).click();
    await expectToast(owner.page, 'Deal refunded', `${lead.name}: $2,000`);
    await deal.getByText('Refunded', { exact: true }).first().waitFor();
    await deal.getByText(/The homeowner asked for the money back/).waitFor();
    const lines = deal.getByRole('list', { name: 'Commission lines of this deal' });
    await lines.getByText(`${CLOSER.name} · Clawback · -$300`).waitFor({ timeout: 30_000 });
    await lines.getByText(`${OPENER.name} · Clawback · -$200`).waitFor();

    // 7. The closer and the opener see their clawback line appear live, negative and approved.
    await ledgerRow(closerStatement, lead.name, 'Clawback')
      .filter({ hasText: '-$300' })
      .getByText('approved', { exact: true })
      .waitFor({ timeout: 30_000 });
    await ledgerRow(opener.page, lead.name, 'Clawback')
      .filter({ hasText: '-$200' })
      .getByText('approved', { exact: true })
      .waitFor({ timeout: 30_000 });

    // Approved is below zero now (the clawback waits for the next payout run): the statement says why.
    const approved = closerStatement.getByRole('region', { name: 'Commission totals' });
    // (Alex's own -$300 and the -$5 of his level-2 override on Carlos's share.)
    await approved.getByText('-$305', { exact: true }).waitFor({ timeout: 30_000 });
    const note = closerStatement.getByTestId('clawback-note');
    await note.getByText(/because of a clawback/).waitFor();
    await note.getByRole('button', { name: 'Why this amount?' }).click();
    const why = closerStatement.getByRole('dialog', { name: 'Why this amount?' });
    await why.getByText(/^-\$(300|5)$/).waitFor();
    await why.getByText(lead.name, { exact: false }).first().waitFor();
    await closerStatement.keyboard.press('Escape');

    // The clawback notification opens Payouts History on the deal's campaign, not on the one the agent works.
    await agent
      .locator('header')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await agent
      .getByRole('menuitem', { name: /^Commission clawed back/ })
      .first()
      .click();
    await agent.getByRole('tab', { name: 'Payouts History', selected: true }).waitFor();
    await agent.getByRole('button', { name: campaignName, pressed: true }).waitFor();
    await ledgerRow(agent, lead.name, 'Clawback').filter({ hasText: '-$300' }).waitFor();
    expect([...owner.errors, ...closer.errors, ...opener.errors, ...teamLead.errors, ...admin.errors]).toEqual([]);
  }, 360_000);

  it('the cancel-or-refund dialog: keeping the deal changes nothing; "cancelled" voids the unpaid lines with the reason', async () => {
    // A deal on one of Alex's Adwords leads, closed through the API (the close form is walked above).
    const closerToken = await apiToken(CLOSER.email);
    const { items } = await apiCall<LeadList>(closerToken, '/api/leads?campaignId=adwords&limit=100');
    const lead = items.find((item) => item.stage !== 'Closed' && item.assignedTo && item.phone)!;
    expect(lead).toBeDefined();
    await apiCall(closerToken, `/api/leads/${lead.id}/close`, { body: { dealValue: 1500 } });

    const owner = await signedIn(OWNER);
    await owner.page.goto(appUrl(`/lead-management?campaign=adwords&lead=${lead.id}`));
    const deal = owner.page.getByTestId('lead-panel').getByTestId('lead-deal');
    await deal.getByText('Closed', { exact: true }).waitFor();
    // Unpaid lines (pending in the hold window) are what a cancel voids.
    await deal
      .getByRole('list', { name: 'Commission lines of this deal' })
      .getByText('pending', { exact: true })
      .first()
      .waitFor({ timeout: 30_000 });

    await deal.getByRole('button', { name: 'Cancel or refund deal' }).click();
    const dialog = owner.page.getByRole('dialog', { name: `Cancel or refund the $1,500 deal with ${lead.name}?` });
    await dialog.getByText('Commissions not paid yet are voided.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Keep the deal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await deal.getByText('Closed', { exact: true }).waitFor();

    await deal.getByRole('button', { name: 'Cancel or refund deal' }).click();
    await dialog.getByLabel('What happened').selectOption('cancelled');
    // The button says what it will do.
    await expect(dialog.getByRole('button', { name: 'Refund deal' }).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Cancel deal' }).click();
    await dialog.getByText('Please give a reason.').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The client signed with us twice by mistake.');
    await dialog.getByRole('button', { name: 'Cancel deal' }).click();
    await expectToast(owner.page, 'Deal cancelled', `${lead.name}: $1,500`);
    await dialog.waitFor({ state: 'detached' });
    await deal.getByText('Cancelled', { exact: true }).first().waitFor();
    await deal.getByText(/The client signed with us twice by mistake\./).waitFor();
    const lines = deal.getByRole('list', { name: 'Commission lines of this deal' });
    await lines.getByText('void', { exact: true }).first().waitFor({ timeout: 30_000 });
    // Nothing was paid, so nothing is clawed back, and the deal can no longer be cancelled.
    await expect.poll(() => lines.getByText('pending', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
    await expect(lines.getByText(/ · Clawback · /).count()).resolves.toBe(0);
    await expect(deal.getByRole('button', { name: 'Cancel or refund deal' }).count()).resolves.toBe(0);
    expect(owner.errors).toEqual([]);
  });

  it("a team lead's day: the downline tree, who is on a call right now, and today's figures, all live", async () => {
    const teamLead = await signedIn(TEAM_LEAD.email);
    const { page } = teamLead;
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^My Bonsai/ })
      .click();
    const tree = page.getByTestId('bonsai-tree');
    // Carlos at level 1, Dina (Carlos's recruit) at level 2.
    await tree.getByText(OPENER.name).first().waitFor();
    await tree.getByText('Dina Fullstack').first().waitFor();
    const activity = page.getByTestId('team-activity');
    await activity.getByRole('region', { name: "Today's figures per team member" }).getByText(OPENER.name).waitFor();

    // Carlos dials (simulated phone): Bianca sees him on the call, then off it, without a reload.
    const carlos = await apiToken(OPENER.email);
    await apiCall(carlos, '/api/dialer/connect', { method: 'POST' });
    await expect
      .poll(async () => (await apiCall<{ phone: { status: string } }>(carlos, '/api/dialer/state')).phone.status, {
        timeout: 10_000,
      })
      .toBe('connected');
    const call = await apiCall<{ id: string }>(carlos, '/api/dialer/calls', { body: { phone: phoneOf(40) } });
    await activity.getByText(new RegExp(`On a call now: .*${OPENER.name}`)).waitFor({ timeout: 20_000 });
    await apiCall(carlos, `/api/dialer/calls/${call.id}/end`, { method: 'POST' });
    await activity.getByText('Nobody in your team is on a call right now.').waitFor({ timeout: 20_000 });
    expect(teamLead.errors).toEqual([]);
  });

  it('on a phone (390 px): every page fits the width, the drawer navigates, menus and the theme button cover nothing', async () => {
    const session = await openPage(browser, '/login', { viewport: { width: 390, height: 844 }, hasTouch: true });
    opened.push(session);
    const { page } = session;
    await signInAs(page);
    const pageFits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);
    const pages: Array<[string, string | RegExp]> = [
      ['/dashboard', /^Welcome back, /],
      ['/dashboard/campaigns', 'Campaigns'],
      ['/lead-management', 'Lead Management'],
      ['/dashboard/calls', 'Call History'],
      ['/dashboard/bonsai', /Bonsai/],
      ['/dashboard/insights', /Insights/],
      ['/dashboard/notifications', /Notifications/],
      ['/dashboard/settings', /Settings/],
      ['/resources/scripts', /Scripts/],
    ];
    for (const [path, heading] of pages) {
      await page.goto(appUrl(path));
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await pageFits(), `${path} is wider than the phone`).toBe(true);
    }

    // The drawer: open, follow a link, and it is gone.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await drawer.getByRole('link', { name: /^Lead Management/ }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Lead Management' }).waitFor();

    // At the end of a page the floating theme button sits below the last card, not on its corner.
    await page.goto(appUrl('/dashboard/bonsai'));
    await page.getByTestId('team-activity').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.getByRole('button', { name: 'Toggle theme' }).evaluate((toggle) => {
      const box = toggle.getBoundingClientRect();
      return [...document.querySelectorAll('main section, main [class*="card"]')]
        .map((element) => element.getBoundingClientRect())
        .filter((card) => card.width > 0 && card.height > 0)
        .some(
          (card) => box.left < card.right && card.left < box.right && box.top < card.bottom && card.top < box.bottom,
        );
    });
    expect(covered, 'the theme button covers a card').toBe(false);

    // The bell menu's actions are in view on a phone too.
    await page
      .locator('header')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const viewAll = page.getByRole('menuitem', { name: 'View all notifications' });
    await viewAll.waitFor();
    expect(
      await viewAll.evaluate((item) => {
        const box = item.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    await page.keyboard.press('Escape');

    // A number dialed by hand: grouped as typed, named once under "Last call".
    await page.goto(appUrl('/dashboard/calls'));
    const dialer = page.getByRole('region', { name: 'Dialer' });
    await dialer.getByText('Connected', { exact: true }).waitFor();
    const number = dialer.getByLabel('Phone number');
    await number.fill('+442079460958');
    await expect.poll(() => number.inputValue()).toBe('+44 20 7946 0958');
    const digits = phoneOf(41);
    await number.fill(digits);
    await dialer.getByRole('button', { name: 'Call', exact: true }).click();
    const shown = shownPhone(digits);
    await expectToast(page, `Call completed to ${shown}`);
    const lastCall = dialer.getByText(/^Last call:/);
    await lastCall.waitFor();
    expect((await lastCall.textContent())!.split(shown).length - 1).toBe(1);
    expect(session.errors).toEqual([]);
  }, 180_000);
});
