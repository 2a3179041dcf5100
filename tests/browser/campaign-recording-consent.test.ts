import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import { expectToast, launchBrowser, openPage } from '../support/browser.js';
import { apiCall, apiToken, editNewCampaign } from './dashboard-helpers.js';

// Disclosure and consent (issue 30): an owner sets the campaign's recording announcement and consent-state switch in
// the campaign form.

const OWNER = 'owner@demo.test';
const run = Date.now()
  .toString(36)
  .slice(-6)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('recording and consent in the campaign form', () => {
  it('an owner switches on the announcement and the consent-state switch, and the form opens with them as saved', async () => {
    const ownerToken = await apiToken(OWNER);
    const name = `Consent ${run}`;
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      const { created, edit } = await editNewCampaign<CampaignDetail>(
        page,
        { email: OWNER, token: ownerToken },
        { name, description: 'Calls to California.' },
      );
      expect(created).toMatchObject({ announceRecording: false, noRecordingInConsentStates: false });
      const consent = edit.getByRole('group', { name: 'Recording and consent' });
      await consent
        .getByText(
          'Calls to leads in CA, CT, FL, IL, MD, MA, MI, MT, NV, NH, PA, WA are not recorded while the announcement is off.',
        )
        .waitFor();
      await consent.getByText("Don't record leads in all-party-consent states").click();
      await consent.getByText('Announce recording and monitoring').click();
      await consent.getByText('The announcement is on, so calls to these states are recorded too.').waitFor();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Campaign updated');

      const saved = await apiCall<CampaignDetail>(ownerToken, `/api/campaigns/${created.slug}`);
      expect(saved).toMatchObject({ announceRecording: true, noRecordingInConsentStates: true });

      await page.getByRole('button', { name: 'Edit' }).click();
      const again = page
        .getByRole('dialog', { name: `Edit ${name}` })
        .getByRole('group', { name: 'Recording and consent' });
      await expect(
        again.getByRole('checkbox', { name: 'Announce recording and monitoring' }).isChecked(),
      ).resolves.toBe(true);
      await expect(
        again.getByRole('checkbox', { name: "Don't record leads in all-party-consent states" }).isChecked(),
      ).resolves.toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
