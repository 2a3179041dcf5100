// Listen, whisper and barge with the simulator (`npm start`'s phone service, whose calls have no audio), in Chromium:
// the demo agent4 (Dina) calls 555-010-0005 from her dialer panel, her team lead three levels up (Alex, agent) joins
// from the Bonsai page. No microphone is asked for and no connection is made; the coach's panel says the call has no
// audio; the agent's panel says who is on her call at every step; Leave clears it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachingAuditList } from '../../shared/schemas/coaching/audit.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { launchBrowser, waitForPath } from '../support/browser.js';

const AGENT = { email: 'agent4@demo.test', name: 'Dina Fullstack' };
const TEAM_LEAD = { email: 'agent@demo.test', name: 'Alex Warrior' };
const PASSWORD = process.env.DEMO_PASSWORD || 'commission-warrior';

/** Counts what the page asks of media: microphones opened and RTCPeerConnections made (the app exposes neither). */
const COUNT_MEDIA = `{ window.__media = { microphones: 0, peers: 0 };
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (c) => { window.__media.microphones++; return open(c); };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native { constructor(c) { super(c); window.__media.peers++; } }; }`;

describe('listen, whisper, barge on a simulated call (Chromium)', () => {
  let app: AppProcess;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppProcess({}, { dataDirPrefix: 'cw-browser-coaching-sim-' });
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signIn(email: string, at: string): Promise<{ page: Page; errors: Error[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: COUNT_MEDIA });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${app.url}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto(`${app.url}${at}`);
    return { page, errors };
  }

  it('a team lead three levels up listens, whispers, barges and leaves; the agent sees each; no audio is pretended', async () => {
    const agent = await signIn(AGENT.email, '/dashboard/calls');
    const dialer = agent.page.getByRole('region', { name: 'Dialer' });
    await dialer.getByText('Connected', { exact: true }).waitFor();
    await dialer.getByLabel('Phone number').fill('5550100005');
    await dialer.getByRole('button', { name: 'Call', exact: true }).click();
    await dialer.getByText('In call', { exact: true }).waitFor();

    const coach = await signIn(TEAM_LEAD.email, '/dashboard/bonsai');
    const liveCalls = coach.page.getByRole('region', { name: 'Live calls' });
    await liveCalls.getByRole('button', { name: `Listen to ${AGENT.name}` }).click();
    await liveCalls.getByText(`Listening to ${AGENT.name}`).waitFor();
    await liveCalls.getByText('This is a simulated call: there is no audio to hear or to speak into.').waitFor();
    await dialer.getByText('Your team lead is listening').waitFor();

    const switchTo = (mode: 'Whisper' | 'Barge') =>
      liveCalls
        .getByRole('radio', { name: mode })
        .or(liveCalls.getByRole('button', { name: mode }))
        .click();
    await switchTo('Whisper');
    await liveCalls.getByText(`Whispering to ${AGENT.name}`).waitFor();
    await dialer.getByText('Your team lead is coaching').waitFor();
    await switchTo('Barge');
    await liveCalls.getByText(`Barged into the call of ${AGENT.name}`).waitFor();
    await liveCalls.getByRole('button', { name: 'Leave' }).click();
    await dialer.getByText('Your team lead is coaching').waitFor({ state: 'detached' });
    await liveCalls.getByRole('group', { name: 'Coaching' }).waitFor({ state: 'detached' });

    // Nothing was opened for audio the call does not have.
    expect(await coach.page.evaluate(() => (window as unknown as { __media: object }).__media)).toEqual({
      microphones: 0,
      peers: 0,
    });
    // The session is in the log the admins read: join, two mode changes, leave.
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const audit = (await (
      await fetch(`${app.url}/api/coaching/audit`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as CoachingAuditList;
    expect(
      audit.items
        .filter((line) => line.actorName === TEAM_LEAD.name && line.agentName === AGENT.name)
        .map((line) => `${line.action}:${line.mode ?? ''}`)
        .reverse(),
    ).toEqual(['join:listen', 'mode:whisper', 'mode:barge', 'leave:barge']);

    await dialer.getByRole('button', { name: 'End call' }).click();
    await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
    expect([...agent.errors, ...coach.errors]).toEqual([]);
  }, 120_000);
});
