import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  downloadedText,
  expectToast,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  waitForPath,
} from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

/**
 * Numbers whose outcomes docs/dialer.md documents for the simulated provider: last digit 9 -> voicemail
 * (3 s message), 0 -> missed (rings out after 2 s), anything else -> answered (hangs up after 4 s of talk).
 */
// Letters only: a search with three digits or more also matches phone numbers.
const run = Date.now()
  .toString(36)
  .slice(-6)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
const ANSWERED = { name: `Ada Answer ${run}`, phone: '5550101234', shown: '(555) 010-1234' };
const VOICEMAIL = { name: `Vic Voicemail ${run}`, phone: '5550101239', shown: '(555) 010-1239' };
const MISSED = { name: `Max Missed ${run}`, phone: '5550101230', shown: '(555) 010-1230' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openCalls(page: Page): Promise<void> {
  await signInAs(page);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: /^Calls/ })
    .click();
  await waitForPath(page, '/dashboard/calls');
  await page.getByRole('heading', { level: 1, name: 'Call History' }).waitFor();
}

const dialerOf = (page: Page) => page.getByRole('region', { name: 'Dialer' });

async function addToQueue(page: Page, contact: { name: string; phone: string }): Promise<void> {
  const form = dialerOf(page).getByRole('form', { name: 'Add a contact to the queue' });
  await form.getByLabel('Contact name').fill(contact.name);
  await form.getByLabel('Contact phone').fill(contact.phone);
  await form.getByRole('button', { name: 'Add to queue' }).click();
}

async function queuedNames(page: Page): Promise<string[]> {
  const list = dialerOf(page).getByRole('list', { name: 'Queued contacts' });
  if (!(await list.isVisible())) return [];
  return list.locator('li').evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent ?? ''));
}

/** The switch's input is visually hidden; the agent clicks its label. */
async function clickAutoDial(page: Page): Promise<void> {
  await dialerOf(page).locator('label').filter({ hasText: 'Auto-dial' }).click();
}

async function autoDialOff(page: Page): Promise<void> {
  const toggle = dialerOf(page).getByRole('switch', { name: 'Auto-dial' });
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  if (await toggle.isChecked()) {
    await clickAutoDial(page);
    await expectToast(page, 'Auto-dialer disabled');
  }
}

describe('dialer and call history', () => {
  it('queues three contacts, auto-dials them with timer and toasts, then shows them in Call History with a recording and a CSV export', async () => {
    const { page, context, errors } = await openPage(browser, '/login', {
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      await openCalls(page);
      const dialer = dialerOf(page);
      await dialer.getByText('Connected', { exact: true }).waitFor();
      await autoDialOff(page);
      // A previous run may have left contacts queued.
      for (const name of await queuedNames(page))
        await dialer.getByRole('button', { name: `Remove ${name} from queue` }).click();
      await expect.poll(() => queuedNames(page)).toEqual([]);

      // Spec rule: a blank number is refused before anything is sent.
      await dialer.getByRole('button', { name: 'Call', exact: true }).click();
      await expectToast(page, 'Error', 'Please enter a phone number');

      // The number field formats 10-digit numbers.
      await dialer.getByLabel('Phone number').fill('5550101234');
      await expect(dialer.getByLabel('Phone number').inputValue()).resolves.toBe('(555) 010-1234');
      await dialer.getByRole('button', { name: 'Copy number' }).click();
      await expectToast(page, 'Phone number copied to clipboard');
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('(555) 010-1234');
      await dialer.getByLabel('Phone number').fill('');

      // Add (in the wrong order, then reorder), refuse a duplicate, remove an extra one.
      await addToQueue(page, ANSWERED);
      await expectToast(page, `Added ${ANSWERED.name} to call queue`);
      await addToQueue(page, MISSED);
      await expectToast(page, `Added ${MISSED.name} to call queue`);
      await addToQueue(page, VOICEMAIL);
      await expectToast(page, `Added ${VOICEMAIL.name} to call queue`);
      await addToQueue(page, { name: ANSWERED.name, phone: ANSWERED.phone });
      await expectToast(page, 'Error', `${ANSWERED.name} is already in the call queue`);
      const extra = { name: `Extra ${run}`, phone: '5550107777' };
      await addToQueue(page, extra);
      await expectToast(page, `Added ${extra.name} to call queue`);
      await dialer.getByRole('button', { name: `Remove ${extra.name} from queue` }).click();
      await dialer.getByRole('button', { name: `Move ${VOICEMAIL.name} up` }).click();
      await expect.poll(() => queuedNames(page)).toEqual([ANSWERED.name, VOICEMAIL.name, MISSED.name]);

      // Auto-dial: the first contact is dialed at once, the next ones 2 s after each call ends.
      await clickAutoDial(page);
      await expectToast(page, 'Auto-dialer enabled - will dial contacts in queue automatically');

      await expectToast(page, `Calling ${ANSWERED.shown}...`);
      await expectToast(page, `Call connected to ${ANSWERED.shown}`);
      const timer = dialer.getByRole('timer', { name: 'Call time' });
      await expect.poll(() => timer.textContent(), { timeout: 5_000 }).toBe('0:02');
      await dialer.getByLabel('Call notes').fill(`Interested ${run}`);
      await expectToast(page, `Call completed to ${ANSWERED.shown}`, 'Duration: 0:04');
      await expect.poll(() => queuedNames(page)).toEqual([VOICEMAIL.name, MISSED.name]);

      await expectToast(page, `Calling ${VOICEMAIL.shown}...`);
      await expectToast(page, `Call completed to ${VOICEMAIL.shown}`, 'Duration: 0:03');
      await expectToast(page, `Calling ${MISSED.shown}...`);
      await expectToast(page, `Call completed to ${MISSED.shown}`, 'Duration: 0:00');
      await expect.poll(() => queuedNames(page)).toEqual([]);
      await autoDialOff(page);

      // Call History: the three calls of this run, newest first.
      await page.getByRole('searchbox', { name: 'Search calls' }).fill(run);
      const table = page.getByRole('table', { name: 'Call history' });
      const rows = table.locator('tbody tr');
      const readRows = () =>
        rows.evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
        );
      // The list is read again from the server after the search and after the last call ended.
      await expect
        .poll(async () => (await readRows()).map((row) => [row[1], row[4], row[5]]), { timeout: 10_000 })
        .toEqual([
          [`${MISSED.name}${MISSED.shown}`, 'MissedNo answer (SIP 487 Request Terminated)', '0:00'],
          [`${VOICEMAIL.name}${VOICEMAIL.shown}`, 'Voicemail', '0:03'],
          [`${ANSWERED.name}${ANSWERED.shown}`, 'Answered', '0:04'],
        ]);
      const cells = await readRows();
      // By its header: the table's columns grow (Quality came before Agent and Notes).
      const notes = (await table.locator('thead th').allTextContents()).indexOf('Notes');
      expect(cells[2]![notes]).toBe(`Interested ${run}`);
      // Average call duration = total duration / answered calls = 7 s / 1.
      await page.getByRole('group', { name: 'Call statistics' }).getByText('0:07', { exact: true }).waitFor();

      // Only the answered call has a recording, and it plays.
      await expect(table.getByRole('button', { name: /^Play the recording/ }).count()).resolves.toBe(1);
      await table.getByRole('button', { name: `Play the recording of the call with ${ANSWERED.name}` }).click();
      const audio = table.locator('audio');
      await audio.waitFor();
      // Streamed straight from the signed URL (no blob copy).
      await expect(audio.getAttribute('src')).resolves.toMatch(/^\/api\/calls\/[0-9a-f]{24}\/recording\?sig=/);
      const playable = await audio.evaluate(async (element: HTMLAudioElement) => {
        if (element.readyState < 1)
          await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
        return { duration: element.duration, error: element.error?.code ?? null };
      });
      expect(playable.error).toBeNull();
      expect(playable.duration).toBeGreaterThan(3);

      // Export Call Log downloads the rows shown (same filters).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export Call Log' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^call-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await downloadedText(download);
      const lines = csv.trim().split(/\r?\n/);
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^Date,Name,Phone,Campaign,Direction,Status,Duration/);
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([MISSED.name, VOICEMAIL.name, ANSWERED.name]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the same live call in two tabs and refuses a second call', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await openCalls(page);
      await dialerOf(page).getByText('Connected', { exact: true }).waitFor();
      const second = await context.newPage();
      // A link from another screen fills the number field.
      await second.goto(appUrl('/dashboard/calls?phone=5550102224'));
      await dialerOf(second).getByText('Connected', { exact: true }).waitFor();

      await expect.poll(() => dialerOf(second).getByLabel('Phone number').inputValue()).toBe('(555) 010-2224');
      await dialerOf(second).getByRole('button', { name: 'Call', exact: true }).click();
      // The first tab follows the call placed in the second one.
      await expectToast(page, 'Calling (555) 010-2224...');
      await dialerOf(page).getByRole('button', { name: 'End call' }).waitFor();
      await expect(dialerOf(page).getByLabel('Phone number').inputValue()).resolves.toBe('(555) 010-2224');
      await expect(dialerOf(page).getByLabel('Phone number').isDisabled()).resolves.toBe(true);

      // The server refuses a second call of the same agent, whichever tab or device asks.
      const refused = await page.evaluate(async () => {
        const refreshed = await fetch('/api/auth/refresh', { method: 'POST' });
        const { accessToken } = (await refreshed.json()) as { accessToken: string };
        const answer = await fetch('/api/dialer/calls', {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phone: '5550103333' }),
        });
        return { status: answer.status, body: (await answer.json()) as { error: string } };
      });
      expect(refused).toMatchObject({ status: 409, body: { error: 'Call already in progress' } });

      // Mute from the second tab (applied 0.3 s later by the provider): both tabs show it.
      await dialerOf(second).getByRole('button', { name: 'Mute' }).click();
      await dialerOf(page).getByText('Muted', { exact: true }).waitFor();
      await dialerOf(second).getByRole('button', { name: 'Unmute' }).waitFor();

      // Ended from the first tab: both tabs see it end.
      await dialerOf(page).getByRole('button', { name: 'End call' }).click();
      await expectToast(second, 'Call ended');
      await expectToast(second, 'Call completed to (555) 010-2224');
      await dialerOf(page).getByRole('button', { name: 'Call', exact: true }).waitFor();

      // After the call the agent marks the number "do not call"; it is never dialed again.
      await dialerOf(page).getByRole('button', { name: 'Mark do not call' }).click();
      await expectToast(page, '(555) 010-2224 added to the do-not-call list');
      await dialerOf(page).getByLabel('Phone number').fill('5550102224');
      await dialerOf(page).getByRole('button', { name: 'Call', exact: true }).click();
      await page
        .locator('[role="alertdialog"]')
        .filter({ hasText: '(555) 010-2224 is on the do-not-call list and cannot be dialed.' })
        .first()
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical accessibility violations on /dashboard/calls', async () => {
    const { page, context } = await openPage(browser, '/login', { bypassCSP: true });
    try {
      await openCalls(page);
      await dialerOf(page).getByText('Connected', { exact: true }).waitFor();
      await page.getByRole('table', { name: 'Call history' }).or(page.getByText('No calls yet.')).first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
