// Live transfer in Chromium with fake microphones, PHONE_PROVIDER=sip SIP_CALL_MODEL=room against the local carrier
// the app starts itself: the demo agent (opener) calls a lead of theirs on 555-010-0005 (echoes what it receives) and
// transfers it from the dialer panel to agent2 (closer), each in a browser context of their own. After the opener has
// left, what the closer's page receives can only be the lead phone's echo of the closer's own microphone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealItem } from '../../shared/schemas/deals/close.js';
import type { LeadDealView } from '../../shared/schemas/deals/lead-deal.js';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';
import { localCarrierProblem } from '../../server/platform/telephony/local-carrier.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { DEMO_AGENT, expectToast, FAKE_MEDIA_ARGS, launchBrowser, waitForPath } from '../support/browser.js';

const missing = localCarrierProblem();

const CLOSER = { email: 'agent2@demo.test', password: DEMO_AGENT.password, name: 'Bianca Closer' };
const OWNER = { email: 'owner@demo.test', password: DEMO_AGENT.password };

/** The page's RTCPeerConnections, kept from outside the app (it exposes nothing for this). */
const KEEP_PEERS = `{ const Native = window.RTCPeerConnection; window.__peers = [];
  window.RTCPeerConnection = class extends Native { constructor(c) { super(c); window.__peers.push(this); } }; }`;

describe.skipIf(missing !== null)('transfer to a closer (Chromium, fake microphones, local carrier)', () => {
  let app: AppProcess;
  let url: string;
  let browser: Browser;
  let leads: LeadItem[] = [];
  const tokens = new Map<string, string>();

  async function tokenOf(account: { email: string; password: string }): Promise<string> {
    const known = tokens.get(account.email);
    if (known) return known;
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    tokens.set(account.email, accessToken);
    return accessToken;
  }

  async function api<T>(account: { email: string; password: string }, route: string, method = 'GET', body?: unknown) {
    const answer = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokenOf(account)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }

  beforeAll(async () => {
    app = await startAppProcess(
      { PHONE_PROVIDER: 'sip', SIP_CALL_MODEL: 'room', SIP_PROXY: '' },
      { dataDirPrefix: 'cw-browser-transfer-' },
    );
    url = app.url;
    browser = await launchBrowser({ extraArgs: FAKE_MEDIA_ARGS });
    // The demo agent's hotel leads (agent2 is a member of the same campaign); calls at any hour of the lead's day.
    const page = await api<{ items: LeadItem[] }>(DEMO_AGENT, '/leads?campaignId=hotel&limit=20');
    // Open leads only: the demo data closed some of them already (a deal per lead).
    leads = page.body.items.filter((lead) => lead.stage !== 'Closed' && lead.disposition !== 'Closed');
    expect(leads.length).toBeGreaterThanOrEqual(3);
    const hours = await api(OWNER, `/campaigns/${leads[0]!.campaignId}`, 'PATCH', {
      callingHours: { start: '00:00', end: '24:00' },
    });
    expect(hours.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const dialerOf = (page: Page) => page.getByRole('region', { name: 'Dialer' });

  async function signIn(account: { email: string; password: string }, path = '/dashboard/calls') {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['microphone'] });
    await context.addInitScript({ content: KEEP_PEERS });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${url}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto(`${url}${path}`);
    await dialerOf(page).getByText('Connected', { exact: true }).waitFor();
    return { context, page };
  }

  /** Inbound audio of the page's newest connection: Chromium's totalAudioEnergy (rises only with sound), and whether it is open. */
  const inbound = (page: Page) =>
    page.evaluate(async () => {
      const pc = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1);
      const seen = { energy: 0, open: pc?.connectionState !== 'closed' };
      (await pc?.getStats())?.forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (s.type !== 'inbound-rtp' || s.kind !== 'audio') return;
        seen.energy = s.totalAudioEnergy ?? 0;
      });
      return seen;
    });
  const energyGainOver = async (page: Page, ms: number) => {
    const before = (await inbound(page)).energy;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return (await inbound(page)).energy - before;
  };

  /** The opener on a connected call to `lead` (the echo number stands in for the lead's phone). */
  async function openerOnCall(lead: LeadItem) {
    const opener = await signIn(
      DEMO_AGENT,
      `/dashboard/calls?phone=5550100005&leadId=${lead.id}&name=${encodeURIComponent(lead.name)}`,
    );
    await dialerOf(opener.page).getByRole('button', { name: 'Call', exact: true }).click();
    await dialerOf(opener.page).getByText('In call', { exact: true }).waitFor();
    await expect.poll(() => energyGainOver(opener.page, 500), { timeout: 15_000 }).toBeGreaterThan(0);
    return opener;
  }

  async function ringCloser(page: Page, mode: 'Warm' | 'Blind') {
    const dialer = dialerOf(page);
    await dialer.getByRole('button', { name: 'Transfer to a closer' }).click();
    const picker = dialer.getByRole('region', { name: 'Transfer to a closer' });
    await picker.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
    await picker.getByLabel('Note for the closer').fill('Wants the sea-view suite');
    await picker.getByRole('button', { name: `Transfer to ${CLOSER.name}` }).click();
    await dialer.getByText(`Ringing ${CLOSER.name}...`).waitFor();
  }

  const incomingOf = (page: Page) => dialerOf(page).getByRole('alertdialog', { name: 'Incoming transfer' });

  it('warm: the three talk, the opener completes; the closer then hears their own echo from the lead, and the deal they close credits the opener', async () => {
    const lead = leads[0]!;
    const closer = await signIn(CLOSER);
    const opener = await openerOnCall(lead);
    try {
      await ringCloser(opener.page, 'Warm');
      const card = incomingOf(closer.page);
      await card.getByText(`${DEMO_AGENT.name} is transferring ${lead.name} to you (warm)`).waitFor();
      await card.getByText('Note: Wants the sea-view suite').waitFor();
      await card.getByRole('button', { name: 'Accept' }).click();
      await dialerOf(opener.page).getByText(`${CLOSER.name} joined the call.`, { exact: false }).waitFor();
      await expect.poll(() => energyGainOver(closer.page, 500), { timeout: 15_000 }).toBeGreaterThan(0);

      await dialerOf(opener.page).getByRole('button', { name: 'Complete transfer' }).click();
      await expectToast(opener.page, `Call transferred to ${CLOSER.name}.`);
      await dialerOf(closer.page).getByText('In call', { exact: true }).waitFor();
      // The opener's connection is closed; the closer, alone with the lead, keeps receiving sound: the echo.
      await expect.poll(async () => (await inbound(opener.page)).open, { timeout: 5_000 }).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // (Energy, not bytes: the room sends Opus to Chromium, whose silent frames are a few bytes each.)
      expect(await energyGainOver(closer.page, 2_000)).toBeGreaterThan(0);

      // The closer closes the deal: the opener is its opener, by the ledger.
      const openerId = (await api<{ id: string }>(DEMO_AGENT, '/me')).body.id;
      const closed = await api<DealItem>(CLOSER, `/leads/${lead.id}/close`, 'POST', { dealValue: 1000 });
      expect(closed.status).toBe(201);
      expect(closed.body.openerId).toBe(openerId);
      await expect
        .poll(
          async () =>
            (await api<LeadDealView>(OWNER, `/leads/${lead.id}/deal`)).body.lines
              .filter((line) => line.level === 0)
              .map((line) => `${line.kind} ${line.userName}`)
              .sort(),
          { timeout: 15_000 },
        )
        .toEqual([`closer ${CLOSER.name}`, `opener ${DEMO_AGENT.name}`]);
      await dialerOf(closer.page).getByRole('button', { name: 'End call' }).click();
      await dialerOf(closer.page).getByRole('button', { name: 'Call', exact: true }).waitFor();
    } finally {
      await Promise.all([closer.context.close(), opener.context.close()]);
    }
  }, 150_000);

  it("blind: on accept the call is the closer's at once, and the closer hears the lead", async () => {
    const lead = leads[1]!;
    const closer = await signIn(CLOSER);
    const opener = await openerOnCall(lead);
    try {
      await ringCloser(opener.page, 'Blind');
      await incomingOf(closer.page).getByRole('button', { name: 'Accept' }).click();
      await expectToast(opener.page, `Call transferred to ${CLOSER.name}.`);
      await dialerOf(closer.page).getByText('In call', { exact: true }).waitFor();
      await expect.poll(async () => (await inbound(opener.page)).open, { timeout: 5_000 }).toBe(false);
      await expect.poll(() => energyGainOver(closer.page, 500), { timeout: 15_000 }).toBeGreaterThan(0);
      await dialerOf(closer.page).getByRole('button', { name: 'End call' }).click();
      await dialerOf(closer.page).getByRole('button', { name: 'Call', exact: true }).waitFor();
    } finally {
      await Promise.all([closer.context.close(), opener.context.close()]);
    }
  }, 150_000);

  it('declined: the opener is told and the lead stays with them (the opener still hears the echo)', async () => {
    const lead = leads[2]!;
    const closer = await signIn(CLOSER);
    const opener = await openerOnCall(lead);
    try {
      await ringCloser(opener.page, 'Warm');
      await incomingOf(closer.page).getByRole('button', { name: 'Decline' }).click();
      await expectToast(opener.page, `${CLOSER.name} declined the transfer. The lead is still with you.`);
      await dialerOf(opener.page).getByText('In call', { exact: true }).waitFor();
      expect(await energyGainOver(opener.page, 2_000)).toBeGreaterThan(0);
      await dialerOf(opener.page).getByRole('button', { name: 'End call' }).click();
      await dialerOf(opener.page).getByRole('button', { name: 'Call', exact: true }).waitFor();
    } finally {
      await Promise.all([closer.context.close(), opener.context.close()]);
    }
  }, 150_000);
});
