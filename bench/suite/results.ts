// What a run records (bench/results/<date>.json) and its rendering as the "Performance suite" section of
// docs/performance.md. Parts run on their own merge into the day's file, so a table can be completed part by part.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import type { Spread } from './stats.js';

export interface Figure {
  name: string;
  unit: string;
  value: Spread;
  reference?: { name: string; value: Spread };
  /** value / reference, both medians. */
  ratio?: number;
  target?: string;
  met?: boolean;
  note?: string;
}

export interface PartResult {
  part: string;
  title: string;
  startedAt: string;
  finishedAt: string;
  /** `uptime` before and after the part: how loaded the shared machine was. */
  uptimeBefore: string;
  uptimeAfter: string;
  /** The command line of the run that measured this part. */
  command: string;
  params: Record<string, unknown>;
  figures: Figure[];
  notes: string[];
  details?: unknown;
}

export interface ResultsFile {
  date: string;
  machine: { cpus: number; model: string; memoryGb: number; node: string };
  parts: Record<string, PartResult>;
}

const root = path.resolve(import.meta.dirname, '../..');

export function resultsPath(date: string): string {
  return path.join(root, 'bench', 'results', `${date}.json`);
}

export function loadResults(date: string): ResultsFile {
  const file = resultsPath(date);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;
  return {
    date,
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? 'cpu',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    parts: {},
  };
}

export function saveResults(results: ResultsFile): void {
  const file = resultsPath(results.date);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

/** A figure compared with its same-run reference; `better` says which way is good, `limit` is the target ratio. */
export function compared(
  figure: Omit<Figure, 'ratio' | 'met'>,
  check?: { ratioAtMost?: number; ratioAtLeast?: number; valueAtMost?: number; valueAtLeast?: number },
): Figure {
  const refMedian = figure.reference?.value.median;
  const ratio =
    refMedian !== undefined && refMedian > 0 && Number.isFinite(refMedian)
      ? figure.value.median / refMedian
      : undefined;
  let met: boolean | undefined;
  if (check) {
    const v = figure.value.median;
    met = true;
    if (check.ratioAtMost !== undefined) met &&= ratio !== undefined && ratio <= check.ratioAtMost;
    if (check.ratioAtLeast !== undefined) met &&= ratio !== undefined && ratio >= check.ratioAtLeast;
    if (check.valueAtMost !== undefined) met &&= v <= check.valueAtMost;
    if (check.valueAtLeast !== undefined) met &&= v >= check.valueAtLeast;
    if (!Number.isFinite(v)) met = false;
  }
  return { ...figure, ratio, met };
}

function num(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

function spreadText(s: Spread, unit: string): string {
  const runs = s.runs.filter(Number.isFinite).length;
  if (runs <= 1 || s.min === s.max) return `${num(s.median)} ${unit}`;
  return `**${num(s.median)}** ${unit} (${num(s.min)}–${num(s.max)}, ${runs} runs)`;
}

const START =
  '<!-- performance-suite:start (written by `npm run bench`; edit bench/suite/results.ts, not this section) -->';
const END = '<!-- performance-suite:end -->';

/**
 * The latest run of every part over all of bench/results/ (a day's file holds only the parts run that day), so a run
 * of one part does not drop the other parts' figures from the page.
 */
function latestParts(results: ResultsFile): ResultsFile {
  const dir = path.dirname(resultsPath(results.date));
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
        .sort()
    : [];
  const parts: Record<string, PartResult> = {};
  for (const file of files) {
    if (file === `${results.date}.json`) continue;
    Object.assign(parts, (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ResultsFile).parts);
  }
  return { ...results, parts: { ...parts, ...results.parts } };
}

export function renderMarkdown(results: ResultsFile): string {
  const lines: string[] = [START, '## Performance suite', ''];
  const m = results.machine;
  lines.push(
    `Written by \`npm run bench\` (bench/run.ts) on ${results.date}, each part from its latest run; raw figures in \`bench/results/<date of the run>.json\`. ` +
      `Machine: ${m.cpus} × ${m.model}, ${m.memoryGb} GB, Node ${m.node}. Every figure is the median of its runs with the ` +
      'smallest and largest run in brackets; the reference is measured in the same run on the same machine, and the ratio is ' +
      "measured ÷ reference (medians). Server, clients and load generator share the same 2 cores, as in the issue's reference figures.",
    '',
    'Run it: `npm run bench` (all parts, scaled-down sizes, a few minutes); one part: `npm run bench -- --only fanout` ' +
      "(parts: sockets, fanout, http, jobs, bundle); the issue's sizes: `npm run bench -- --sockets 10000 --hold-minutes 15 " +
      '--fanout-sizes 1000,4000,5000 --duration 10 --jobs 10000 --build`; `--dry-run` prints without writing; `--help` lists every option; ' +
      '`BENCH_CPU_PROF=<dir>` writes V8 CPU profiles of the processes under test; `BENCH_NODE_FLAGS="--flag ..."` passes V8/Node flags to the API node under test. ' +
      'Many sockets need file descriptors: each process may open `ulimit -n` (20,000 here); the suite spreads the clients over processes.',
    '',
  );
  const order = ['sockets', 'fanout', 'http', 'jobs', 'bundle', 'insights', 'overload'];
  const parts = Object.values(results.parts).sort((a, b) => order.indexOf(a.part) - order.indexOf(b.part));
  for (const part of parts) {
    lines.push(`### ${part.title}`, '');
    lines.push(
      `Run ${part.startedAt.slice(0, 10)} ${part.startedAt.slice(11, 19)}–${part.finishedAt.slice(11, 19)} UTC. Load (\`uptime\`): before \`${part.uptimeBefore}\`, after \`${part.uptimeAfter}\`.`,
    );
    lines.push(`Command: \`${part.command}\`.`);
    lines.push(
      `Parameters: ${Object.entries(part.params)
        .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('/') : String(v)}`)
        .join(', ')}.`,
      '',
    );
    lines.push('| Figure | Measured | Reference (same run) | Ratio | Target | Met |', '|---|---|---|---|---|---|');
    for (const f of part.figures) {
      const ref = f.reference ? `${f.reference.name}: ${spreadText(f.reference.value, f.unit)}` : '—';
      const ratio = f.ratio === undefined ? '—' : `${f.ratio.toFixed(2)}×`;
      const met = f.met === undefined ? '—' : f.met ? 'yes' : '**no**';
      lines.push(
        `| ${f.name}${f.note ? ` (${f.note})` : ''} | ${spreadText(f.value, f.unit)} | ${ref} | ${ratio} | ${f.target ?? '—'} | ${met} |`,
      );
    }
    if (part.notes.length) lines.push('', ...part.notes.map((n) => `- ${n}`));
    lines.push('');
  }
  lines.push(END);
  return lines.join('\n');
}

/** Replaces this suite's section of docs/performance.md, keeping every other section as it is. */
export function writeMarkdown(results: ResultsFile): string {
  const file = path.join(root, 'docs', 'performance.md');
  const section = renderMarkdown(latestParts(results));
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}`
      : `${current.replace(/\s*$/, '')}\n\n${section}\n`;
  writeFileSync(file, next);
  return file;
}
