import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, openPage, waitForLiveConnection } from '../support/browser.js';
import { signInAs } from './dashboard-helpers.js';

// N5 of issue 34: a signed-in dashboard talks to its own origin only, and its CSP lets nothing else through: not a
// WebSocket to another host (`ws:` used to allow any), not an image host (api.dicebear.com used to be allowed).

const AGENT_PAGES = [
  '/dashboard',
  '/dashboard/leads',
  '/dashboard/calls',
  '/dashboard/campaigns',
  '/dashboard/clients',
  '/dashboard/calendar',
  '/dashboard/insights',
  '/dashboard/bonsai',
  '/dashboard/notifications',
  '/dashboard/perks',
  '/dashboard/plans',
  '/dashboard/profile',
  '/dashboard/settings',
  '/dashboard/support',
];
const ADMIN_PAGES = ['/dashboard', '/dashboard/waitlist-admin'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const appOrigin = () => new URL(appUrl('/'));

/** Same host and port as the app (its socket is the ws: form of the same origin). */
function onAppOrigin(url: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  const target = new URL(url);
  return target.host === appOrigin().host && ['http:', 'ws:'].includes(target.protocol);
}

/**
 * Every URL the page sent a request to (documents, scripts, fetches, images, WebSockets), and the documents' answers.
 * Chromium reports a request the CSP blocked too, then fails it (error text "csp") before anything is sent: those
 * are left out (they are what the CSP is for).
 */
function recordNetwork(page: Page): { urls: string[]; documents: Response[] } {
  const sent: Request[] = [];
  const sockets: string[] = [];
  const blocked = new Set<Request>();
  const documents: Response[] = [];
  page.on('request', (request) => sent.push(request));
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText === 'csp') blocked.add(request);
  });
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') documents.push(response);
  });
  return {
    get urls() {
      return [...sent.filter((request) => !blocked.has(request)).map((request) => request.url()), ...sockets];
    },
    documents,
  };
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(appUrl(path));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** CSP violations the page reports from now on (a blocked request never reaches the network log). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cspSeen: string[] }).cspSeen = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspSeen: string[] }).cspSeen);
}

function documentProblems(documents: Response[]): string[] {
  const problems: string[] = [];
  for (const doc of documents) {
    if (!onAppOrigin(doc.url())) continue;
    const headers = doc.headers();
    const csp = headers['content-security-policy'] ?? '';
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    if (/(^|\s)(ws|wss|https?):(\s|$)/.test(connect) || !connect.startsWith("'self'"))
      problems.push(`${doc.url()}: connect-src ${connect}`);
    if (/https?:\/\/(?!localhost|127\.0\.0\.1)/.test(csp))
      problems.push(`${doc.url()}: a third-party host in "${csp}"`);
    if (
      !/\bmicrophone=\(self\)/.test(headers['permissions-policy'] ?? '') ||
      !/\bcamera=\(\)/.test(headers['permissions-policy'] ?? '')
    ) {
      problems.push(`${doc.url()}: Permissions-Policy "${headers['permissions-policy']}"`);
    }
  }
  return problems;
}

describe("the dashboard stays on the app's origin", () => {
  it('an agent signs in and opens every dashboard page: every request and socket goes to the app, every page carries the CSP and Permissions-Policy', async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    const network = recordNetwork(page);
    try {
      const live = waitForLiveConnection(page);
      await signInAs(page);
      await live;
      for (const path of AGENT_PAGES) await visit(page, path);
      // The page may not open a socket or load an image anywhere else: the browser refuses before any request.
      const violations = await watchViolations(page);
      await page.evaluate(() => {
        const socket = new WebSocket('ws://127.0.0.1:9/elsewhere');
        socket.onerror = () => socket.close();
        new Image().src = 'https://api.dicebear.com/7.x/initials/svg?seed=probe';
      });
      await expect.poll(async () => (await violations()).length).toBe(2);
      const refused = await violations();
      expect(refused.some((v) => v.startsWith('connect-src ws://127.0.0.1:9'))).toBe(true);
      expect(refused.some((v) => v.startsWith('img-src https://api.dicebear.com'))).toBe(true);

      expect(network.urls.length).toBeGreaterThan(AGENT_PAGES.length * 2);
      expect(network.urls.filter((url) => !onAppOrigin(url))).toEqual([]);
      expect(network.urls.some((url) => url.startsWith('ws:') && url.includes('/socket.io/'))).toBe(true);
      expect(network.documents.length).toBeGreaterThanOrEqual(AGENT_PAGES.length);
      expect(documentProblems(network.documents)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an admin's pages too", async () => {
    const { page, context, errors } = await openPage(browser, '/login');
    const network = recordNetwork(page);
    try {
      await signInAs(page, 'admin@demo.test');
      for (const path of ADMIN_PAGES) await visit(page, path);
      expect(network.urls.filter((url) => !onAppOrigin(url))).toEqual([]);
      expect(documentProblems(network.documents)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
