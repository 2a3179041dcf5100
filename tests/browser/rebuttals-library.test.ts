import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RebuttalLibraryMessages } from '../../shared/schemas/rebuttals/library.js';
import {
  appUrl,
  browserForFile,
  expectToast,
  openPage,
  seriousAxeViolations,
  waitForLiveConnection,
} from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

const browser = browserForFile();

/** The vote toggle reads "Vote up (n votes)"; its pressed state says whether the viewer voted. */
const voteButton = (entry: Locator, count: number, pressed?: boolean) =>
  entry.getByRole('button', {
    name: new RegExp(`^Vote up \\(\\s*${count}\\s+${count === 1 ? 'vote' : 'votes'}\\s*\\)$`),
    pressed,
  });

async function openLibrary(page: Page) {
  await page.goto(appUrl('/resources/ai-rebuttals'));
  await page.getByRole('heading', { level: 1, name: 'AI Rebuttals' }).waitFor();
  await page.getByRole('heading', { name: 'Team Rebuttals' }).waitFor();
}

describe('the AI-rebuttals library', () => {
  it("shows an owner's new rebuttal on an agent's open page, and the agent's vote on the owner's, live", async () => {
    // bypassCSP: axe is injected as an inline script.
    const owner = await openPage(browser(), '/login', { bypassCSP: true });
    const agent = await openPage(browser(), '/login');
    try {
      const agentLive = waitForLiveConnection(agent.page);
      await signInAs(agent.page, 'agent2@demo.test');
      await agentLive;
      await openLibrary(agent.page);
      await expect(agent.page.getByRole('button', { name: 'New rebuttal' }).count()).resolves.toBe(0);

      const ownerLive = waitForLiveConnection(owner.page);
      await signInAs(owner.page, 'owner@demo.test');
      await ownerLive;
      await openLibrary(owner.page);
      await owner.page.getByRole('button', { name: 'New rebuttal' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'New rebuttal' });
      const objection = `We just signed with someone else ${Date.now().toString(36)}`;
      await dialog.getByRole('button', { name: /Campaign/ }).click();
      await owner.page.getByRole('option', { name: 'Solar Panel Installation' }).click();
      await dialog.getByLabel('Objection').fill(objection);
      expect(await seriousAxeViolations(owner.page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      // Nothing is sent without the rebuttal itself, and the owner is told what is missing.
      await expectToast(owner.page, 'Error', RebuttalLibraryMessages.rebuttalEmpty);
      await dialog.getByLabel('Rebuttal').fill('Congratulations! Keep our number: most switch within a year.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(owner.page, RebuttalLibraryMessages.saved, objection);

      // The agent's page was never reloaded.
      const entry = agent.page.getByRole('article', { name: objection });
      await entry.getByText('Congratulations! Keep our number').waitFor();
      await expect(entry.getByRole('button', { name: 'Edit rebuttal' }).count()).resolves.toBe(0);
      const vote = voteButton(entry, 0);
      await vote.click();
      await voteButton(entry, 1, true).waitFor();

      const ownerEntry = owner.page.getByRole('article', { name: objection });
      await voteButton(ownerEntry, 1, false).waitFor();

      // A second click takes the vote back, on both pages.
      await voteButton(entry, 1).click();
      await voteButton(entry, 0, false).waitFor();
      await voteButton(ownerEntry, 0).waitFor();

      expect(await seriousAxeViolations(owner.page)).toEqual([]);
      await ownerEntry.getByRole('button', { name: 'Delete rebuttal' }).click();
      await owner.page.getByRole('dialog', { name: 'Delete rebuttal' }).getByRole('button', { name: 'Delete' }).click();
      await expectToast(owner.page, RebuttalLibraryMessages.deleted);
      await entry.waitFor({ state: 'detached' });
      expect([...owner.errors, ...agent.errors]).toEqual([]);
    } finally {
      await owner.context.close();
      await agent.context.close();
    }
  });
});
