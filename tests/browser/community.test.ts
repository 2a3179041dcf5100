import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appUrl,
  browserForFile,
  expectToast,
  openPage,
  seriousAxeViolations,
  waitForLiveConnection,
} from '../support/browser.js';
import { apiCall, apiToken, signInAs } from './dashboard-helpers.js';

const browser = browserForFile();

/** Signs in, then opens /community with the live connection up (so no event is missed). */
async function openFeed(page: Page, email: string): Promise<void> {
  await signInAs(page, email);
  const live = waitForLiveConnection(page);
  await page.goto(appUrl('/community'));
  await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
  await live;
}

const postWith = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** The like toggle reads "Like (n likes)"; its pressed state says whether the viewer likes the post. */
const likeButton = (post: Locator, count: number) =>
  post.getByRole('button', { name: new RegExp(`^Like \\(\\s*${count}\\s+${count === 1 ? 'like' : 'likes'}\\s*\\)$`) });

describe('community feed', () => {
  it('shows a win posted in one browser live in another with the Whale Deal badge, and likes live both ways', async () => {
    const alex = await openPage(browser(), '/login', { bypassCSP: true });
    const bianca = await openPage(browser(), '/login');
    try {
      await openFeed(alex.page, 'agent@demo.test');
      await openFeed(bianca.page, 'agent2@demo.test');

      // The spec's checks before anything is sent.
      const compose = alex.page.getByRole('form', { name: 'Create a post' });
      await compose.getByRole('button', { name: 'Post' }).click();
      await expectToast(alex.page, 'Error', 'Post cannot be empty');
      await compose
        .getByRole('radio', { name: 'Share a Win' })
        .or(compose.getByRole('button', { name: 'Share a Win' }))
        .first()
        .click();
      const text = `Closed the Nile Towers deal ${Date.now().toString(36)} <b>not bold</b>`;
      await compose.getByLabel('Tell the community about your win').fill(text);
      await compose.getByRole('button', { name: 'Post' }).click();
      await expectToast(alex.page, 'Error', 'Please enter the deal value for your win');

      await compose.getByLabel('Deal value ($)').fill('$12,500');
      await compose.getByRole('button', { name: 'Post' }).click();
      await expectToast(alex.page, 'Post shared with the community!');

      // Live in the other browser, with its badge; rendered as text, never as HTML.
      const seenByBianca = postWith(bianca.page, text);
      await seenByBianca.waitFor();
      await seenByBianca.getByText('Whale Deal', { exact: true }).waitFor();
      await seenByBianca.getByText('$12,500', { exact: true }).waitFor();
      expect(await seenByBianca.locator('b').count()).toBe(0);
      // The author's own screen shows it once (REST answer and live event de-duplicated).
      await postWith(alex.page, text).getByText('Whale Deal', { exact: true }).waitFor();
      expect(await postWith(alex.page, text).count()).toBe(1);

      // A like in one browser updates the other.
      await likeButton(seenByBianca, 0).click();
      await expect.poll(() => likeButton(seenByBianca, 1).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => likeButton(postWith(alex.page, text), 1).getAttribute('aria-pressed')).toBe('false');
      // Taking it back goes live too.
      await likeButton(seenByBianca, 1).click();
      await likeButton(postWith(alex.page, text), 0).waitFor();

      // A comment from one browser appears in the other's open thread, counted once on each side.
      await postWith(alex.page, text)
        .getByRole('button', { name: /^Comments/ })
        .click();
      await postWith(alex.page, text).getByText('No comments yet.').waitFor();
      await seenByBianca.getByRole('button', { name: /^Comments/ }).click();
      await seenByBianca.getByLabel('Add a comment').fill('Congratulations, whale hunter!');
      await seenByBianca.getByRole('button', { name: 'Comment', exact: true }).click();
      await postWith(alex.page, text).getByText('Congratulations, whale hunter!').waitFor();
      await postWith(alex.page, text)
        .getByRole('button', { name: /^Comments \(\s*1\s*\)$/ })
        .waitFor();
      await seenByBianca.getByRole('button', { name: /^Comments \(\s*1\s*\)$/ }).waitFor();
      expect(await seenByBianca.getByText('Congratulations, whale hunter!').count()).toBe(1);

      // The Wins tab lists it; Announcements (admins only post there) does not.
      await alex.page.getByRole('tab', { name: 'Wins' }).click();
      await postWith(alex.page, text).waitFor();
      // Agents are not offered the Announcement type.
      expect(await compose.getByText('Announcement', { exact: true }).count()).toBe(0);

      expect(await seriousAxeViolations(alex.page)).toEqual([]);
      expect(alex.errors).toEqual([]);
      expect(bianca.errors).toEqual([]);
    } finally {
      await alex.context.close();
      await bianca.context.close();
    }
  });

  it('loads further pages on scroll without repeating a post', async () => {
    // Enough posts for a second page, spread over several authors (each may post 5 a minute).
    const authors = ['agent2@demo.test', 'agent3@demo.test', 'agent4@demo.test', 'owner@demo.test', 'admin@demo.test'];
    for (const email of authors) {
      const token = await apiToken(email);
      for (let i = 0; i < 4; i++)
        await apiCall(token, '/api/posts', {
          body: { type: 'tip', content: `Tip ${i + 1} from ${email}: smile while you dial.` },
        });
    }
    const { page, context, errors } = await openPage(browser(), '/login');
    try {
      await openFeed(page, 'agent4@demo.test');
      const articles = page.getByRole('article');
      await expect.poll(() => articles.count()).toBe(20);
      await page.getByRole('button', { name: 'Load more posts' }).scrollIntoViewIfNeeded();
      await expect.poll(() => articles.count()).toBeGreaterThan(20);
      const ids = await page
        .locator('article[data-post-id]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-post-id')));
      expect(new Set(ids).size).toBe(ids.length);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sorts on the server and shows the Staff badge on announcements by admins', async () => {
    const { page, context, errors } = await openPage(browser(), '/login');
    try {
      await openFeed(page, 'admin@demo.test');
      const compose = page.getByRole('form', { name: 'Create a post' });
      await compose
        .getByRole('radio', { name: 'Announcement' })
        .or(compose.getByRole('button', { name: 'Announcement' }))
        .first()
        .click();
      const text = `Office closed on Friday ${Date.now().toString(36)}`;
      await compose.getByLabel('Share a tip or ask a question').fill(text);
      await compose.getByRole('button', { name: 'Post' }).click();
      await expectToast(page, 'Post shared with the community!');
      await postWith(page, text).getByText('Staff', { exact: true }).waitFor();

      await page.getByRole('tab', { name: 'Announcements' }).click();
      await postWith(page, text).waitFor();
      await page.getByRole('button', { name: /Sort by/ }).click();
      await page.getByRole('option', { name: 'Most Popular' }).click();
      await postWith(page, text).waitFor();
      await page.getByRole('tab', { name: 'Tips' }).click();
      await page.getByText('No posts found in this category.').or(page.getByRole('article').first()).first().waitFor();
      expect(await postWith(page, text).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
