// (e) Client bundle (gzipped JS of the landing and of the dashboard route, read from dist/client) and the landing
// page's LCP in headless Chromium, against a static reference page in the same run. dist/client is shared with the
// other engineers: building and measuring both hold /tmp/cw-build.lock.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BundleMeasure } from './bundle-measure.js';
import type { PartContext, PartOutput } from './options.js';
import { newDeployment } from './processes.js';
import { compared, type Figure } from './results.js';
import { spread } from './stats.js';

const LOCK = '/tmp/cw-build.lock';
const root = path.resolve(import.meta.dirname, '../..');

function run(command: string, args: string[], log: (m: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(out);
      else {
        log(err.slice(-2000));
        reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
      }
    });
  });
}

const kb = (bytes: number) => bytes / 1024;

export async function bundlePart(ctx: PartContext): Promise<PartOutput> {
  const { options, log } = ctx;
  if (options.build) {
    log('npm run build (under the shared build lock)');
    await run('flock', [LOCK, 'npm', 'run', 'build'], log);
  }
  const backends = await ctx.backends();
  log(`measuring dist/client and ${options.lcpRuns} landing page loads (under the shared build lock)`);
  const out = await run(
    'flock',
    [
      LOCK,
      process.execPath,
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'bundle-measure.ts'),
      JSON.stringify({ deployment: newDeployment(backends), lcpRuns: options.lcpRuns }),
    ],
    log,
  );
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`bundle-measure printed no result:\n${out.slice(-2000)}`);
  const m = JSON.parse(line.slice('RESULT '.length)) as BundleMeasure;
  const only = (a: string[], b: string[]) =>
    a
      .filter((f) => !b.includes(f))
      .map((f) => path.basename(f))
      .join(' ') || 'none';
  log(
    `  dashboard: fetched but not counted: ${only(m.observed.dashboard.files, m.dashboard.files)}; counted but not fetched: ${only(m.dashboard.files, m.observed.dashboard.files)}`,
  );
  log(
    `  landing: fetched but not counted: ${only(m.observed.landing.files, m.landing.files)}; counted but not fetched: ${only(m.landing.files, m.observed.landing.files)}`,
  );
  const figures: Figure[] = [
    compared(
      {
        name: 'landing route initial JS, gzipped',
        unit: 'KB',
        value: spread([kb(m.landing.gzipBytes)]),
        target: '< 170 KB (stretch 100 KB)',
        note: `${m.landing.files.length} files, ${Math.round(kb(m.landing.rawBytes))} KB raw`,
      },
      { valueAtMost: 169.999 },
    ),
    compared(
      {
        name: 'dashboard route JS (landing + shell + overview + live connection), gzipped',
        unit: 'KB',
        value: spread([kb(m.dashboard.gzipBytes)]),
        target: '< 300 KB',
        note: `${m.dashboard.files.length} files, ${Math.round(kb(m.dashboard.rawBytes))} KB raw`,
      },
      { valueAtMost: 299.999 },
    ),
    compared(
      {
        name: 'Insights route JS (its lazy chunk and imports beyond the dashboard), gzipped',
        unit: 'KB',
        value: spread([kb(m.insights.gzipBytes)]),
        target: '≤ 80 KB',
        note: `${m.insights.files.length} files, ${Math.round(kb(m.insights.rawBytes))} KB raw`,
      },
      { valueAtMost: 80 },
    ),
    compared({
      name: 'JS the landing page fetched until network idle (Chromium), gzipped',
      unit: 'KB',
      value: spread([kb(m.observed.landing.gzipBytes)]),
      note: `${m.observed.landing.files.length} files`,
    }),
    compared({
      name: 'JS /dashboard fetched signed in (Chromium), gzipped',
      unit: 'KB',
      value: spread([kb(m.observed.dashboard.gzipBytes)]),
      note: `${m.observed.dashboard.files.length} files; the page ended on ${m.observed.dashboard.finalPath}`,
    }),
    compared(
      {
        name: 'landing page LCP, headless Chromium, cold cache',
        unit: 'ms',
        value: spread(m.lcp.app),
        reference: { name: 'static page from node:http', value: spread(m.lcp.bare) },
        target: '≤ 2× the static page (prerendered landing, hydrated)',
        note: `LCP element ${m.lcp.element}`,
      },
      { ratioAtMost: 2 },
    ),
    compared({ name: 'landing page FCP', unit: 'ms', value: spread(m.lcp.fcp) }),
  ];
  return {
    title: '(e) Client bundle and LCP',
    params: { 'LCP runs': options.lcpRuns, build: options.build },
    details: {
      landing: m.landing.files,
      dashboard: m.dashboard.files,
      fetchedByLanding: m.observed.landing.files,
      fetchedByDashboard: m.observed.dashboard.files,
    },
    figures,
    notes: [
      'Sizes are of the files in dist/client (gzip, zlib default level 6), read under `flock /tmp/cw-build.lock`. Landing = the entry script and the modules index.html preloads, with their static imports; ' +
        'dashboard = landing + the lazily loaded DashboardRoutes, OverviewPage and socket chunks with their static imports. The "fetched" rows are what Chromium actually requested (incl. lazy chunks such as the landing demo).',
      `Neither the API node (no compression plugin) nor deploy/nginx.conf (no \`gzip on\`) compresses responses today, so browsers receive the raw sizes (landing ${Math.round(kb(m.landing.rawBytes))} KB, dashboard ${Math.round(kb(m.dashboard.rawBytes))} KB); the gzipped targets assume compression is switched on.`,
      `LCP: the built API exactly as \`npm run api\` runs it (\`node dist/server/api.js\`, NODE_ENV=production, serving dist/client) on 127.0.0.1, a fresh browser context per load (cold cache), PerformanceObserver('largest-contentful-paint', buffered) read after network idle + 0.5 s; Chromium ${CHROMIUM_FLAGS}. Reference: a static page (heading + paragraph) from plain node:http.`,
    ],
  };
}

const CHROMIUM_FLAGS =
  '/usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run';
