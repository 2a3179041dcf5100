import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import type { CampaignList } from '../../shared/schemas/campaigns/list.js';
import type { ImportStatus } from '../../shared/schemas/leads/import.js';
import type { LeadList } from '../../shared/schemas/leads/list.js';
import { appUrl, expectToast, launchBrowser, openPage } from '../support/browser.js';
import { apiCall, apiToken, editNewCampaign, signInAs } from './dashboard-helpers.js';

const OWNER = 'owner@demo.test';
const run = Date.now()
  .toString(36)
  .slice(-6)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
const digits = (n: number) => String(Date.now() + n).slice(-4);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function campaignBySlug(token: string, slug: string): Promise<CampaignList['items'][number]> {
  const { items } = await apiCall<CampaignList>(token, '/api/campaigns');
  return items.find((campaign) => campaign.slug === slug)!;
}

describe('compliance', () => {
  it("refuses a typed number that is on a campaign's do-not-call list, showing it formatted", async () => {
    const ownerToken = await apiToken(OWNER);
    const agentToken = await apiToken('agent@demo.test');
    const hotel = await campaignBySlug(agentToken, 'hotel');
    await apiCall(agentToken, `/api/campaigns/${hotel.id}/join`, { method: 'POST' });
    const last4 = digits(0);
    await apiCall(ownerToken, '/api/dialer/dnc', { body: { phone: `1555300${last4}`, campaignId: hotel.id } });

    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page);
      await page.goto(appUrl('/dashboard/calls'));
      const dialer = page.getByRole('region', { name: 'Dialer' });
      await dialer.getByText('Connected', { exact: true }).waitFor();
      await dialer.getByLabel('Phone number').fill(`555300${last4}`);
      await dialer.getByRole('button', { name: 'Call', exact: true }).click();
      await expectToast(page, 'Error', `(555) 300-${last4} is on the do-not-call list and cannot be dialed.`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an owner edits a campaign's state calling rules in its form: copies the built-in ones, changes, adds and removes rules, checked before saving", async () => {
    const ownerToken = await apiToken(OWNER);
    const name = `State Rules ${run}`;
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      const { created, edit } = await editNewCampaign<CampaignDetail>(
        page,
        { email: OWNER, token: ownerToken },
        { name, description: 'Calls to Florida and Texas.' },
      );
      expect(created.stateRules).toEqual({});
      const rules = edit.getByRole('group', { name: 'State calling rules' });
      await rules
        .getByText(
          'Built in: FL 8:00-20:00, at most 3 calls per 24 h; OK 8:00-20:00, at most 3 calls per 24 h; MD 8:00-20:00, at most 3 calls per 24 h; WA 8:00-20:00.',
          { exact: false },
        )
        .waitFor();
      await rules.getByRole('button', { name: 'Copy built-in rules' }).click();
      await expect(rules.getByLabel('Rule 1: state').inputValue()).resolves.toBe('FL');
      await expect(rules.getByLabel('Rule 2: calls per 24 h').inputValue()).resolves.toBe('3');
      await expect(rules.getByLabel('Rule 4: state').inputValue()).resolves.toBe('WA');

      // Florida stricter still; Washington back to its built-in rule; Texas added with hours that end before they start.
      await rules.getByLabel('Rule 1: until').fill('19:00');
      await rules.getByLabel('Rule 1: calls per 24 h').fill('2');
      await rules.getByRole('button', { name: 'Remove rule 4' }).click();
      await rules.getByRole('button', { name: 'Add state rule' }).click();
      await rules.getByLabel('Rule 4: state').fill('tx');
      await rules.getByLabel('Rule 4: from').fill('09:00');
      await rules.getByLabel('Rule 4: until').fill('08:00');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect
        .poll(() => edit.getByRole('alert').textContent())
        .toBe(
          'State calling rules need a two-letter US state code, calling hours (HH:MM, 24-hour) and at most 1-50 calls per 24 hours.',
        );
      await rules.getByLabel('Rule 4: until').fill('18:00');
      await rules.getByRole('button', { name: 'Add state rule' }).click();
      await rules.getByLabel('Rule 5: state').fill('FL');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect.poll(() => edit.getByRole('alert').textContent()).toBe('Each state can have only one calling rule.');
      await rules.getByRole('button', { name: 'Remove rule 5' }).click();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Campaign updated');

      const saved = await apiCall<CampaignDetail>(ownerToken, `/api/campaigns/${created.slug}`);
      expect(saved.stateRules).toEqual({
        FL: { hours: { start: '08:00', end: '19:00' }, maxCallsPer24h: 2 },
        OK: { hours: { start: '08:00', end: '20:00' }, maxCallsPer24h: 3 },
        MD: { hours: { start: '08:00', end: '20:00' }, maxCallsPer24h: 3 },
        TX: { hours: { start: '09:00', end: '18:00' } },
      });

      // The form opens with the campaign's rules as saved.
      await page.getByRole('button', { name: 'Edit' }).click();
      const again = page
        .getByRole('dialog', { name: `Edit ${name}` })
        .getByRole('group', { name: 'State calling rules' });
      await expect(again.getByLabel('Rule 1: state').inputValue()).resolves.toBe('FL');
      await expect(again.getByLabel('Rule 1: until').inputValue()).resolves.toBe('19:00');
      await expect(again.getByLabel('Rule 4: state').inputValue()).resolves.toBe('TX');
      await expect(again.getByLabel('Rule 5: state').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an owner sets a campaign's time zone and calling hours (checked before saving), and the lead panel shows a lead's local time", async () => {
    const ownerToken = await apiToken(OWNER);
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page, OWNER);
      await page.goto(appUrl('/dashboard/campaigns'));
      await page.getByRole('button', { name: 'New Campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Campaign' });
      const name = `Cairo Calls ${run}`;
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Description').fill('Hotels in Cairo, called in their own business hours.');
      await dialog.getByLabel('Payout range').fill('$100-$400');
      await dialog.getByLabel('Opener', { exact: true }).fill('8');
      await dialog.getByLabel('Closer', { exact: true }).fill('12');
      await dialog.getByLabel('Full stack', { exact: true }).fill('25');

      const zone = dialog.getByRole('combobox', { name: 'Time zone' });
      await zone.fill('Mars/Olympus');
      await dialog.getByRole('button', { name: 'Create Campaign' }).click();
      await expectToast(page, 'Error', 'Choose a time zone from the list (e.g. America/New_York).');

      await zone.fill('Cairo');
      await page.getByRole('option', { name: 'Africa/Cairo' }).click();
      await expect(zone.inputValue()).resolves.toBe('Africa/Cairo');
      await dialog.getByLabel('Calls from').fill('18:00');
      await dialog.getByLabel('Calls until').fill('09:00');
      await dialog.getByRole('button', { name: 'Create Campaign' }).click();
      await expectToast(page, 'Error', 'Calling hours must start before they end (HH:MM, 24-hour).');

      await dialog.getByLabel('Calls from').fill('09:00');
      await dialog.getByLabel('Calls until').fill('18:30');
      await dialog.getByRole('button', { name: 'Create Campaign' }).click();
      await expectToast(page, 'Campaign created', name);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const slug = new URL(page.url()).pathname.split('/').pop()!;
      const created = await apiCall<CampaignDetail>(ownerToken, `/api/campaigns/${slug}`);
      expect(created).toMatchObject({ name, timeZone: 'Africa/Cairo', callingHours: { start: '09:00', end: '18:30' } });

      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await expect(edit.getByRole('combobox', { name: 'Time zone' }).inputValue()).resolves.toBe('Africa/Cairo');
      await expect(edit.getByLabel('Calls from').inputValue()).resolves.toBe('09:00');
      await edit.getByRole('combobox', { name: 'Time zone' }).fill('America/Los_Angeles');
      await edit.getByLabel('Calls until').fill('20:00');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Campaign updated');
      const edited = await apiCall<CampaignDetail>(ownerToken, `/api/campaigns/${slug}`);
      expect(edited).toMatchObject({ timeZone: 'America/Los_Angeles', callingHours: { start: '09:00', end: '20:00' } });

      // A lead imported with a +20 number is in Cairo's time, whatever the campaign says.
      const adwords = await campaignBySlug(ownerToken, 'adwords');
      const leadName = `Cairo Lead ${run}`;
      const form = new FormData();
      form.append(
        'file',
        new Blob([`Name,Phone\n${leadName},+20 10 1234 ${digits(1)}\n`], { type: 'text/csv' }),
        'cairo.csv',
      );
      const { importId } = await apiCall<{ importId: string }>(
        ownerToken,
        `/api/campaigns/${adwords.id}/leads/import`,
        { form },
      );
      await expect
        .poll(async () => (await apiCall<ImportStatus>(ownerToken, `/api/imports/${importId}`)).status, {
          timeout: 30_000,
          interval: 300,
        })
        .toBe('completed');
      const found = await apiCall<LeadList>(
        ownerToken,
        `/api/leads?campaignId=${adwords.id}&search=${encodeURIComponent(leadName)}&limit=10`,
      );
      const lead = found.items.find((item) => item.name === leadName)!;
      expect(lead.timeZone).toBe('Africa/Cairo');

      await page.goto(appUrl(`/lead-management?campaign=adwords&lead=${lead.id}`));
      const panel = page.getByTestId('lead-panel');
      await panel.getByRole('heading', { name: leadName }).waitFor();
      const shown = panel.getByTestId('lead-local-time');
      const cairoNow = () =>
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'Africa/Cairo',
          hour: 'numeric',
          minute: '2-digit',
          weekday: 'short',
        }).format(new Date());
      await expect
        .poll(async () => (await shown.textContent()) === `${cairoNow()} (Africa/Cairo)`, { timeout: 20_000 })
        .toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
