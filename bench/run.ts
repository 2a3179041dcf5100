// `npm run bench [-- --only fanout --sockets 10000 --hold-minutes 15 ...]`: the performance suite of issue 9.
// Parts (bench/suite/part-*.ts): (a) sockets held by one API node, (b) fan-out, (c) HTTP reads, (d) e-mail jobs,
// (e) client bundle and LCP, (f) insights, (g) overload. Every process under test runs apart from the clients and the load generator; each figure
// is the median of several runs with min and max, next to a reference measured in the same run, and the ratio.
// Writes bench/results/<date>.json (parts run on their own merge into the day's file) and the "Performance suite"
// section of docs/performance.md. `npm run bench -- --help` lists the options.
import { execFileSync } from 'node:child_process';
import { bundlePart } from './suite/part-bundle.js';
import { fanoutPart } from './suite/part-fanout.js';
import { httpPart } from './suite/part-http.js';
import { insightsPart } from './suite/part-insights.js';
import { jobsPart } from './suite/part-jobs.js';
import { overloadPart } from './suite/part-overload.js';
import { socketsPart } from './suite/part-sockets.js';
import { parseOptions, type PartContext, type PartName, type PartOutput } from './suite/options.js';
import { startBackends, type Backends } from './suite/processes.js';
import { loadResults, saveResults, writeMarkdown } from './suite/results.js';

const parts: Record<PartName, (ctx: PartContext) => Promise<PartOutput>> = {
  sockets: socketsPart,
  fanout: fanoutPart,
  http: httpPart,
  jobs: jobsPart,
  bundle: bundlePart,
  insights: insightsPart,
  overload: overloadPart,
};

function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim().replace(/\s+/g, ' ');
  } catch {
    return 'n/a';
  }
}

function fmt(n: number): string {
  return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: n >= 100 ? 0 : 2 }) : 'n/a';
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let backends: Promise<Backends> | undefined;
  const ctx: PartContext = {
    options,
    backends: () => (backends ??= startBackends()),
    log: (message) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`),
  };
  const stopBackends = async () => {
    const b = backends;
    backends = undefined;
    if (b) await (await b).stop();
  };
  process.once('SIGINT', () => void stopBackends().finally(() => process.exit(130)));

  let failed = false;
  try {
    for (const name of options.only) {
      const startedAt = new Date();
      const uptimeBefore = uptime();
      ctx.log(`part ${name} — ${uptimeBefore}`);
      let output: PartOutput;
      try {
        output = await parts[name](ctx);
      } catch (error) {
        failed = true;
        console.error(`part ${name} failed:`, error);
        continue;
      }
      const finishedAt = new Date();
      const uptimeAfter = uptime();
      // Re-read the day's file right before writing: another part (or another run) may have written it meanwhile.
      const date = startedAt.toISOString().slice(0, 10);
      const results = loadResults(date);
      const command = process.argv.length > 2 ? `npm run bench -- ${process.argv.slice(2).join(' ')}` : 'npm run bench';
      results.parts[name] = {
        part: name,
        command,
        ...output,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        uptimeBefore,
        uptimeAfter,
      };
      if (!options.dryRun) saveResults(results);
      const doc = options.dryRun ? 'not written (--dry-run)' : writeMarkdown(results);
      console.log(`\n${output.title} (${uptimeAfter})`);
      for (const f of output.figures) {
        const ref = f.reference
          ? `  | ${f.reference.name}: ${fmt(f.reference.value.median)} ${f.unit}${f.ratio === undefined ? '' : `  | ratio ${f.ratio.toFixed(2)}×`}`
          : '';
        const met = f.met === undefined ? '' : f.met ? '  [met]' : '  [MISSED]';
        console.log(
          `  ${f.name}: ${fmt(f.value.median)} ${f.unit} (${fmt(f.value.min)}–${fmt(f.value.max)})${ref}${f.target ? `  | target ${f.target}` : ''}${met}`,
        );
      }
      console.log(options.dryRun ? '  (dry run: nothing written)\n' : `  -> bench/results/${date}.json, ${doc}\n`);
    }
  } finally {
    await stopBackends();
  }
  process.exit(failed ? 1 : 0);
}

await main();
