import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import { startAppProcess, type AppProcess } from './app-process.js';
import { DEMO_AGENT, launchBrowser, waitForPath } from './browser.js';

/** Drives the dialer panel of an app process of the test's own (tests/support/app-process.ts), as the demo agent. */
export function dialerPanel(url: string) {
  const dialerOf = (page: Page) => page.getByRole('region', { name: 'Dialer' });

  async function openAgentContext(
    browser: Browser,
    options: { permissions?: string[]; initScript?: string; beforeLogin?: (page: Page) => Promise<void> } = {},
  ): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: options.permissions ?? [],
    });
    if (options.initScript) await context.addInitScript({ content: options.initScript });
    const page = await context.newPage();
    await options.beforeLogin?.(page);
    page.setDefaultTimeout(20_000);
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${url}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(DEMO_AGENT.email);
    await form.getByLabel('Password').fill(DEMO_AGENT.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await page.goto(`${url}/dashboard/calls`);
    await dialerOf(page)
      .getByText(/^(Connected|Microphone blocked)$/)
      .waitFor();
    return { context, page, errors };
  }

  async function dial(page: Page, digits: string): Promise<void> {
    await dialerOf(page).getByLabel('Phone number').fill(digits);
    await dialerOf(page).getByRole('button', { name: 'Call', exact: true }).click();
  }

  /** The agent's own API session: its latest calls and its live call, as the server holds them. */
  async function agentApi(): Promise<{
    token: string;
    calls: () => Promise<CallHistoryPage['items']>;
    liveCall: () => Promise<CallView | null>;
  }> {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_AGENT.email, password: DEMO_AGENT.password }),
    });
    const { accessToken: token } = (await login.json()) as { accessToken: string };
    const get = async <T>(path: string) =>
      (await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
    return {
      token,
      calls: async () => (await get<CallHistoryPage>('/api/calls?limit=10')).items,
      liveCall: async () => (await get<{ call: CallView | null }>('/api/dialer/state')).call,
    };
  }

  /**
   * Clicks Mute / Unmute `times` times on a connected call and counts the clicks after which the panel was right: it
   * showed the new state once applied, still showed it after the (slowed) REST answer came back, and the server
   * agreed. Each click waits for the previous one's answer, as an agent watching the button would.
   */
  async function muteClicksShownRight(page: Page, times: number): Promise<number> {
    const api = await agentApi();
    const dialer = dialerOf(page);
    const button = dialer.getByRole('button', { name: /^(Mute|Unmute)$/ });
    let right = 0;
    for (let click = 0; click < times; click++) {
      const before = (await button.textContent())?.trim();
      const expected = before === 'Mute' ? 'Unmute' : 'Mute';
      const answered = page.waitForResponse((response) => response.url().endsWith('/mute'));
      await button.click();
      const shown = await expect
        .poll(async () => (await button.textContent())?.trim(), { timeout: 5_000 })
        .toBe(expected)
        .then(
          () => true,
          () => false,
        );
      await answered;
      await page.waitForTimeout(150);
      const after = (await button.textContent())?.trim();
      const server = (await api.liveCall())?.muted;
      if (shown && after === expected && server === (expected === 'Unmute')) right++;
    }
    return right;
  }

  return { dialerOf, openAgentContext, dial, agentApi, muteClicksShownRight };
}

/** What a dialer test file runs against: its own app process, the panel driver for it, and a browser. */
export interface DialerPanelApp {
  app: AppProcess;
  panel: ReturnType<typeof dialerPanel>;
  browser: Browser;
}

/**
 * Starts the file's own app process (as `npm start` does, with `env` added) and a browser before the file's tests
 * and stops both after them (call it in the file's describe); read the fields inside a test.
 */
export function dialerPanelApp(
  env: Record<string, string>,
  options: { dataDirPrefix: string; browserArgs?: string[] },
): DialerPanelApp {
  const setup = {} as DialerPanelApp;
  beforeAll(async () => {
    setup.app = await startAppProcess(env, { dataDirPrefix: options.dataDirPrefix });
    setup.panel = dialerPanel(setup.app.url);
    setup.browser = await launchBrowser({ extraArgs: options.browserArgs });
  }, 90_000);
  afterAll(async () => {
    await setup.browser?.close();
    await setup.app?.stop();
  });
  return setup;
}

/** Counts the Web Audio oscillators the page starts, by frequency (the local ringback is 440 + 480 Hz). */
export const OSCILLATOR_SPY = `{ const Native = window.OscillatorNode; window.__tones = [];
  const start = Native.prototype.start;
  Native.prototype.start = function (...args) { window.__tones.push(this.frequency.value); return start.apply(this, args); }; }`;

/** The browser itself refuses this page's origin the microphone (the site setting "Block"), as an agent who clicked Block. */
export async function blockMicrophone(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = (await cdp.send('Target.getTargetInfo')) as { targetInfo: { browserContextId?: string } };
  await cdp.send('Browser.setPermission', {
    permission: { name: 'microphone' },
    setting: 'denied',
    origin,
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
  });
}
