import type { Page } from 'playwright-core';
import { appUrl, DEMO_AGENT, waitForPath } from '../support/browser.js';

/** Signs in through the Login tab and waits for the overview. */
export async function signInAs(page: Page, email = DEMO_AGENT.email, password = DEMO_AGENT.password): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto(appUrl('/login'));
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/dashboard');
  await page.getByRole('heading', { level: 1, name: /^Welcome back, / }).waitFor();
}

/** A token for API calls made on behalf of another demo user (the "second browser" of a live test). */
export async function apiToken(email: string, password = DEMO_AGENT.password): Promise<string> {
  const response = await fetch(appUrl('/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!response.ok || !body.accessToken)
    throw new Error(`login of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  return body.accessToken;
}

export async function apiCall<T>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(appUrl(path), {
    method: init.method ?? (init.body !== undefined || init.form ? 'POST' : 'GET'),
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A campaign the signed-in owner creates over the API, then its edit dialog opened on its page (tests of the
 * campaign form). Answers the stored campaign and the dialog.
 */
export async function editNewCampaign<T extends { slug: string }>(
  page: Page,
  owner: { email: string; token: string },
  campaign: { name: string; description: string },
): Promise<{ created: T; edit: ReturnType<Page['getByRole']> }> {
  const created = await apiCall<T>(owner.token, '/api/campaigns', {
    body: {
      ...campaign,
      status: 'active',
      roleNeeded: 'Both',
      payoutRange: '$100-$400',
      commissionStructure: { opener: 8, closer: 12, fullStack: 25, override: { level1: 5, level2: 3, level3: 1 } },
    },
  });
  await signInAs(page, owner.email);
  await page.goto(appUrl(`/dashboard/campaigns/${created.slug}`));
  await page.getByRole('heading', { level: 1, name: campaign.name }).waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  return { created, edit: page.getByRole('dialog', { name: `Edit ${campaign.name}` }) };
}
