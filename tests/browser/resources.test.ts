import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  escapeRegExp,
  expectToast,
  FAKE_MEDIA_ARGS,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  waitForLiveConnection,
} from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

let browser: Browser;

beforeAll(async () => {
  // The fake microphone lets MediaRecorder record without a prompt.
  browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small but real-looking PDF, padded so the upload takes long enough to show progress. */
function samplePdf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%');
  const tail = Buffer.from('\n%%EOF\n');
  const body = Buffer.alloc(bytes - head.length - tail.length, 'A');
  return Buffer.concat([head, body, tail]);
}

async function goTo(page: Page, path: string, heading: string) {
  await page.goto(appUrl(path));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Every aria-valuenow the upload progress bar showed, recorded in the page as it changed. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

describe('resources', () => {
  it('lets an admin edit a script (campaign owners and admins only)', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    try {
      await signInAs(page, 'admin@demo.test');
      await goTo(page, '/resources/scripts', 'Sales Scripts');
      const trigger = page.locator('button[slot="trigger"][aria-expanded="true"]');
      await trigger.waitFor();
      const original = ((await trigger.locator('span').first().textContent()) ?? '').trim();
      const renamed = `${original} (reviewed ${Date.now().toString(36)})`;
      await page.getByRole('button', { name: 'Edit' }).first().click();
      const editor = page.getByRole('dialog', { name: 'Edit script' });
      await editor.getByLabel('Title').fill(renamed);
      await editor.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Script saved', renamed);
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(renamed)}`) }).waitFor();
      // Back as it was, for the other tests.
      await page.getByRole('button', { name: 'Edit' }).first().click();
      await editor.getByLabel('Title').fill(original);
      await editor.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Script saved', original);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('uploads a PDF to Materials with a progress bar, lists it and downloads it byte-identical', async () => {
    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true, acceptDownloads: true });
    try {
      await signInAs(page);
      await goTo(page, '/resources/materials', 'Materials');
      const name = `Price list ${Date.now().toString(36)}`;
      const pdf = samplePdf(3 * 1024 * 1024);

      // A slow uplink, so the bar has something to show between 0 and 100.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 1024 * 1024,
      });
      await recordProgress(page);

      await page.getByRole('button', { name: 'Upload' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Material' });
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: pdf });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Category').fill('Pricing');
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
      expect(seen[0]).toBe(0);
      expect(seen.some((value) => value > 0 && value < 100)).toBe(true);

      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      await row.getByText('PDF', { exact: true }).waitFor();
      await row.getByText('Pricing', { exact: true }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('link', { name: `Download ${name}` }).click(),
      ]);
      const saved = await download.path();
      expect(sha256(await readFile(saved))).toBe(sha256(pdf));

      // Search, star, grid view, and the empty state with Clear Filters.
      await page.getByRole('searchbox', { name: 'Search materials' }).fill(name);
      await row.getByRole('button', { name: `Star ${name}` }).click();
      await row.getByRole('button', { name: `Unstar ${name}` }).waitFor();
      await page
        .getByRole('radio', { name: 'Grid' })
        .or(page.getByRole('button', { name: 'Grid' }))
        .first()
        .click();
      await page.getByRole('heading', { level: 2, name }).waitFor();
      await page.getByRole('searchbox', { name: 'Search materials' }).fill(`${name} no such thing`);
      await page.getByText('No materials found').waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.getByRole('heading', { level: 2, name }).waitFor();

      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('records a voice note with the fake microphone, saves it and plays it back', async () => {
    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true });
    try {
      await signInAs(page);
      await goTo(page, '/resources/voice-notes', 'Voice Notes');
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByText('Recording...').waitFor();
      await page.getByRole('timer', { name: 'Recording time' }).filter({ hasText: '00:02' }).waitFor();

      // The name is required (spec alert).
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please provide a name for your recording' }).first().waitFor();

      const title = `Hotel pitch ${Date.now().toString(36)}`;
      await page.getByLabel('Recording name').fill(title);
      await page.getByLabel('Transcription (optional)').fill('Good morning, this is Alex from Commission Warriors.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, `Recording "${title}" saved successfully!`);

      // The saved note opens with its transcription and a play/pause control.
      const note = page.getByRole('listitem').filter({ hasText: title });
      await note.getByText('Good morning, this is Alex from Commission Warriors.').waitFor();
      await note.getByRole('button', { name: `Play ${title}` }).click();
      await note.getByRole('button', { name: `Pause ${title}` }).waitFor();
      await page.waitForFunction(() => {
        const audio = document.querySelector('audio');
        return audio !== null && audio.currentTime > 0;
      });
      await note.getByRole('button', { name: `Pause ${title}` }).click();
      await note.getByRole('button', { name: `Play ${title}` }).waitFor();

      await page.getByRole('searchbox', { name: 'Search voice notes' }).fill(`${title} nothing like it`);
      await page.getByText('No voice notes found').waitFor();
      await page.getByRole('searchbox', { name: 'Search voice notes' }).fill(title);
      await note.getByRole('button', { name: `Play ${title}` }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The author may delete it.
      await note.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('dialog', { name: 'Delete voice note?' }).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Voice note deleted', title);
      await page.getByText('No voice notes found').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('copies scripts and perk codes, shows campaigns without scripts, and joins the AI Rebuttals waitlist', async () => {
    const { page, context, errors } = await openPage(browser, '/login', { bypassCSP: true });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl('/') });
      await signInAs(page);

      await goTo(page, '/resources/scripts', 'Sales Scripts');
      const open = page.locator('[data-expanded="true"]').or(page.locator('[aria-expanded="true"]')).first();
      await open.waitFor();
      await page.getByRole('button', { name: 'Copy' }).first().click();
      await expectToast(page, 'Script copied to clipboard!');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.length).toBeGreaterThan(20);
      // One open at a time.
      const triggers = page.locator('button[slot="trigger"]');
      await triggers.nth(1).click();
      await expect.poll(() => page.locator('button[slot="trigger"][aria-expanded="true"]').count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /Campaign/ }).click();
      await page.getByRole('option', { name: 'Real Estate Dubai' }).click();
      await page.getByText('No script available for this campaign.').waitFor();

      await goTo(page, '/dashboard/perks', 'Egypt Perks');
      await page
        .getByRole('button', { name: /^Copy discount code for / })
        .first()
        .click();
      await expectToast(page, 'Discount code copied to clipboard');
      await page.getByRole('tab', { name: 'Travel' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/perks/travel');
      await page.getByRole('searchbox', { name: 'Search perks' }).fill('zzz-no-such-perk');
      await page.getByText('No perks found').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await goTo(page, '/resources/ai-rebuttals', 'AI Rebuttals');
      await page.getByRole('heading', { name: 'Coming Soon' }).waitFor();
      await page.getByRole('heading', { name: 'What to Expect' }).waitFor();
      await page
        .getByRole('button', { name: /^Vote up \(\s*\d+\s+votes?\s*\)$/ })
        .first()
        .waitFor();
      const email = `rebuttals-${Date.now().toString(36)}@example.test`;
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Join Waitlist' }).click();
      await expectToast(page, "You're on the AI Rebuttals waitlist! Check your email for confirmation.");
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a voice note another user records, and its deletion, on an open Voice Notes page without a reload', async () => {
    const author = await openPage(browser, '/login', { bypassCSP: true });
    const listener = await openPage(browser, '/login', { bypassCSP: true });
    try {
      const live = waitForLiveConnection(listener.page);
      await signInAs(listener.page, 'agent2@demo.test');
      await live;
      await goTo(listener.page, '/resources/voice-notes', 'Voice Notes');
      await listener.page.getByRole('searchbox', { name: 'Search voice notes' }).waitFor();

      await signInAs(author.page);
      await goTo(author.page, '/resources/voice-notes', 'Voice Notes');
      await author.page.getByRole('button', { name: 'Start Recording' }).click();
      await author.page.getByRole('timer', { name: 'Recording time' }).filter({ hasText: '00:01' }).waitFor();
      const title = `Objection drill ${Date.now().toString(36)}`;
      await author.page.getByLabel('Recording name').fill(title);
      await author.page.getByRole('button', { name: 'Save' }).click();
      await expectToast(author.page, `Recording "${title}" saved successfully!`);

      // The other user's page was never reloaded: the note arrives with its author, opens playable, and goes when
      // its author deletes it.
      const note = listener.page
        .getByRole('list', { name: 'Voice notes' })
        .getByRole('listitem')
        .filter({ hasText: title });
      await note.getByText('Alex Warrior', { exact: false }).waitFor();
      await note.getByRole('button', { name: title, expanded: false }).click();
      await note.getByRole('button', { name: `Play ${title}` }).waitFor();
      await author.page
        .getByRole('listitem')
        .filter({ hasText: title })
        .getByRole('button', { name: `Delete ${title}` })
        .click();
      await author.page
        .getByRole('dialog', { name: 'Delete voice note?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expectToast(author.page, 'Voice note deleted', title);
      await note.waitFor({ state: 'detached' });
      expect([...author.errors, ...listener.errors]).toEqual([]);
    } finally {
      await author.context.close();
      await listener.context.close();
    }
  });
});
