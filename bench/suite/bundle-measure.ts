// (e), measuring side: run by part-bundle.ts under `flock /tmp/cw-build.lock`, so dist/client cannot be rebuilt by
// someone else while its files are read and served. Prints one line `RESULT <json>`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { freePort } from '../../server/platform/local-redis.js';
import { launchChromium } from '../../tests/support/chromium.js';
import { startNode, type Deployment } from './processes.js';

interface Observed {
  files: string[];
  gzipBytes: number;
  /** Where the page ended (a failed sign-in would end on /login). */
  finalPath: string;
}

export interface BundleMeasure {
  landing: { files: string[]; gzipBytes: number; rawBytes: number };
  dashboard: { files: string[]; gzipBytes: number; rawBytes: number };
  /** The Insights route's own JS: its lazy chunk and static imports not already loaded by the dashboard. */
  insights: { files: string[]; gzipBytes: number; rawBytes: number };
  observed: { landing: Observed; dashboard: Observed };
  lcp: { app: number[]; bare: number[]; element: string; fcp: number[] };
}

const dist = path.resolve(import.meta.dirname, '../../dist/client');

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const rawSize = (file: string) => readFileSync(path.join(dist, file)).length;

/** `assets/x.js` and every chunk it statically imports (`from"./y.js"`, `import"./y.js"`), transitively. */
function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !file.endsWith('.js')) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g))
      queue.push(path.posix.join(path.posix.dirname(file), m[1]));
  }
  return seen;
}

function sized(files: Set<string>) {
  const list = [...files].sort();
  return {
    files: list,
    gzipBytes: list.reduce((s, f) => s + gzipSize(f), 0),
    rawBytes: list.reduce((s, f) => s + rawSize(f), 0),
  };
}

/** The landing route's initial JS: the entry script and the modules index.html preloads, with their static imports. */
function bundleSizes() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  if (initial.length === 0) throw new Error('dist/client/index.html names no script: run `npm run build` first');
  const landing = staticClosure(initial);
  // The dashboard route adds the lazily loaded shell (DashboardRoutes), its index page (Overview) and the live
  // connection (socket), each with its static imports.
  const assets = readdirSync(path.join(dist, 'assets'));
  const lazy = ['DashboardRoutes', 'OverviewPage', 'socket'].map((name) => {
    const file = assets.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
    if (!file) throw new Error(`no ${name} chunk in dist/client/assets`);
    return `assets/${file}`;
  });
  const dashboard = new Set([...landing, ...staticClosure(lazy)]);
  const insightsChunk = assets.find((f) => /^InsightsPage-[\w-]{8}\.js$/.test(f));
  if (!insightsChunk) throw new Error('no InsightsPage chunk in dist/client/assets');
  const insights = new Set([...staticClosure([`assets/${insightsChunk}`])].filter((f) => !dashboard.has(f)));
  return { landing: sized(landing), dashboard: sized(dashboard), insights: sized(insights) };
}

async function withContext<T>(browser: Browser, use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

/** Loads `url` in a fresh context (cold cache) and reads the last largest-contentful-paint entry and FCP. */
async function loadOnce(browser: Browser, url: string): Promise<{ lcp: number; fcp: number; element: string }> {
  return withContext(browser, async (context) => {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return page.evaluate(
      () =>
        new Promise<{ lcp: number; fcp: number; element: string }>((resolve) => {
          let last: (PerformanceEntry & { element?: Element | null; size?: number }) | undefined;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            last = entries[entries.length - 1] as typeof last;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
            const el = last?.element;
            const element = el
              ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
              : 'none';
            resolve({ lcp: last?.startTime ?? NaN, fcp, element });
          }, 100);
        }),
    );
  });
}

/** The JS files a page really fetched (until the network is idle), by path under dist/client. */
async function observedScripts(
  browser: Browser,
  url: string,
  cookie?: { name: string; value: string },
): Promise<Observed> {
  return withContext(browser, async (context) => {
    const origin = new URL(url);
    if (cookie) {
      await context.addCookies([
        { ...cookie, domain: origin.hostname, path: '/api/auth', httpOnly: true, sameSite: 'Strict' },
      ]);
      // The client only tries its refresh cookie when it remembers having one (client/features/session/actions.ts).
      await context.addInitScript(() => localStorage.setItem('session_hint', '1'));
    }
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('response', (response) => {
      const p = new URL(response.url()).pathname.slice(1);
      if (p.endsWith('.js') && existsSync(path.join(dist, p))) files.add(p);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1_000);
    const list = [...files].sort();
    return {
      files: list,
      gzipBytes: list.reduce((s, f) => s + gzipSize(f), 0),
      finalPath: new URL(page.url()).pathname,
    };
  });
}

/** The reference page: a static document with a heading and a paragraph, from plain node:http. */
async function barePage(): Promise<{ url: string; close: () => void }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Commission Warriors</title></head>' +
    '<body><h1 style="font:700 48px system-ui">Commission-only campaigns, supplied leads, one dashboard</h1><p style="font:18px system-ui">A static reference page.</p></body></html>';
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    close: () => server.close(),
  };
}

/**
 * The built API exactly as `npm run api` runs it (dist/server/api.js serves dist/client; run from source, the app
 * would serve the Vite source folder instead).
 */
async function startBuiltApi(deployment: Deployment): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../dist/server/api.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      MONGO_URL: deployment.mongoUrl,
      REDIS_URL: deployment.redisUrl,
      REDIS_PREFIX: deployment.id,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cw-bench-api-')),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('API listening') && resolve());
    child.once('exit', (code) => reject(new Error(`dist/server/api.js exited with ${code}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const { deployment, lcpRuns } = JSON.parse(process.argv[2]) as { deployment: Deployment; lcpRuns: number };
  const sizes = bundleSizes();
  // A signed-in agent for the dashboard, made through the services by a node of the same deployment.
  const maker = await startNode('app', deployment);
  const { cookie } = await maker.call<{ cookie: { name: string; value: string } }>('setupAgent', { leads: 0 });
  await maker.stop();
  const app = await startBuiltApi(deployment);
  const bare = await barePage();
  const browser = await launchChromium();
  try {
    const lcp: BundleMeasure['lcp'] = { app: [], bare: [], element: '', fcp: [] };
    // Untimed warm-up: the first Chromium page pays for its own start-up.
    await loadOnce(browser, `${app.url}/`);
    await loadOnce(browser, bare.url);
    for (let r = 0; r < lcpRuns; r++) {
      for (const side of r % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
        const shot = await loadOnce(browser, side === 'app' ? `${app.url}/` : bare.url);
        lcp[side].push(shot.lcp);
        if (side === 'app') {
          lcp.fcp.push(shot.fcp);
          lcp.element = shot.element;
        }
      }
    }
    const observed = {
      landing: await observedScripts(browser, `${app.url}/`),
      dashboard: await observedScripts(browser, `${app.url}/dashboard`, cookie),
    };
    const result: BundleMeasure = { ...sizes, observed, lcp };
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await browser.close();
    bare.close();
    await app.stop();
  }
}

await main();
