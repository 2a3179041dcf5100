import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium.js';

/** Browser tests drive Chromium against the app that tests/support/app-setup.ts started as `npm start` would. */
export function appUrl(path = '/'): string {
  return new URL(path, inject('appUrl')).toString();
}

/** Chromium's fake microphone/camera, granted without a prompt (for MediaRecorder tests). */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** A mono 16-bit 48 kHz WAV of a steady tone, for `--use-file-for-fake-audio-capture` (Chromium loops it). */
export function toneWav(frequency: number, file: string): string {
  const rate = 48_000;
  const samples = rate * 4;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(0.3 * 32_767 * Math.sin((2 * Math.PI * frequency * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

/**
 * A connection to the run's shared Chromium (started once by tests/support/app-setup.ts); a file that needs other
 * flags (the fake microphone) gets a Chromium of its own. Either way `close()` in the file's afterAll is right: it
 * disconnects from the shared one and stops an own one.
 */
export function launchBrowser(options: { extraArgs?: string[] } = {}): Promise<Browser> {
  if (options.extraArgs?.length) return launchChromium(options.extraArgs);
  return chromium.connect(inject('chromiumEndpoint'));
}

/**
 * The file's browser, launched before its tests and closed after them (call at the top of a test file); read it
 * inside a test, where it is connected.
 */
export function browserForFile(options: { extraArgs?: string[] } = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(options);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: read it inside a test');
    return browser;
  };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors (a broken page must fail its test, not pass silently). */
  errors: Error[];
}

/** A fresh context (own cookies and local storage) with one page. */
export async function openPage(browser: Browser, path = '/', options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(appUrl(path));
  return { context, page, errors };
}

/** A download's content as text, read through the connection (the shared Chromium's files are not this process's). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The toast whose title is `title` (toasts live in the global notification region). */
export function toastWithTitle(page: Page, title: string) {
  return page.locator('[role="alertdialog"]').filter({ has: page.getByText(title, { exact: true }) });
}

export async function expectToast(page: Page, title: string, text?: string | RegExp): Promise<string> {
  const toast = toastWithTitle(page, title).first();
  await toast.waitFor({ state: 'visible' });
  const content = (await toast.textContent()) ?? '';
  if (text) expect(content).toMatch(typeof text === 'string' ? new RegExp(escapeRegExp(text)) : text);
  return content;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Finite animations (e.g. the 300 ms tab fade) done; endless decorations are ignored. */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * axe-core in the page; only serious and critical violations are returned. The app's CSP forbids
 * injected scripts, so pages checked with axe need a context opened with `bypassCSP: true`.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Contrast measured mid-fade would be wrong.
  await waitForAnimations(page);
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Serious and critical violations, one line per offending element with the start of its HTML to find it quickly. */
export async function describedAxeViolations(page: Page): Promise<string[]> {
  const lines: string[] = [];
  for (const violation of await seriousAxeViolations(page))
    for (const node of violation.nodes) {
      const html = await page
        .locator(node.target.join(' '))
        .first()
        .evaluate((element) => element.outerHTML.slice(0, 200))
        .catch(() => node.target.join(' '));
      lines.push(`${violation.impact} ${violation.id}: ${violation.help} at ${html}`);
    }
  return lines;
}

/** Registers through the API (as the Register tab does) and returns the dev code the outbox transport hands back. */
export async function registerByApi(
  email: string,
  password = 'warrior-password-1',
  name = 'Test Warrior',
): Promise<string> {
  const response = await fetch(appUrl('/api/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password, confirmPassword: password, agreeTerms: true }),
  });
  const body = (await response.json()) as { devCode?: string; error?: string };
  if (response.status !== 202 || !body.devCode)
    throw new Error(`register failed: ${response.status} ${JSON.stringify(body)}`);
  return body.devCode;
}

/** A verified account created through the API: register, then verify with the dev code. */
export async function createAccountByApi(
  email: string,
  password = 'warrior-password-1',
  name = 'Test Warrior',
): Promise<void> {
  const code = await registerByApi(email, password, name);
  const response = await fetch(appUrl('/api/auth/verify'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  if (response.status !== 200) throw new Error(`verify failed: ${response.status} ${await response.text()}`);
}

/**
 * The signed-in user as the server sees it, read from inside the page: a refresh through the page's own
 * cookie (which rotates it, as the app itself would) and GET /api/me with the new token.
 */
export async function meFromPage(
  page: Page,
): Promise<{ role: string; name: string; email: string; roleRequest?: { role: string; status: string } }> {
  return page.evaluate(async () => {
    const refreshed = await fetch('/api/auth/refresh', { method: 'POST' });
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const me = await fetch('/api/me', { headers: { authorization: `Bearer ${accessToken}` } });
    return me.json();
  });
}

/**
 * Resolves when the app's Socket.IO connection is accepted by the server (the namespace CONNECT answer
 * `40{"sid":...}`, over long-polling or the WebSocket); a refused token would answer `44` instead.
 */
export function waitForLiveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const inspect = (text: string) => {
      if (text.includes('40{"sid"')) resolve();
    };
    page.on('response', (response) => {
      if (response.url().includes('/socket.io/') && response.request().method() === 'GET')
        void response.text().then(inspect, () => undefined);
    });
    page.on('websocket', (socket) => {
      if (socket.url().includes('/socket.io/')) socket.on('framereceived', (frame) => inspect(String(frame.payload)));
    });
  });
}

/** The user menu in the dashboard header (spec: a user menu with the user's name, avatar and a log-out link). */
export function accountMenuButton(page: Page, userName: string) {
  return page.locator('header').getByRole('button', { name: new RegExp(escapeRegExp(userName)) });
}

export async function logOutInBrowser(page: Page, userName: string): Promise<void> {
  await accountMenuButton(page, userName).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

export const DEMO_AGENT = {
  email: 'agent@demo.test',
  password: process.env.DEMO_PASSWORD || 'commission-warrior',
  name: 'Alex Warrior',
};
