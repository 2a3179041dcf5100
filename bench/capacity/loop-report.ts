// Reads what loop-probe.ts wrote (CAPACITY_LOOP_PROBE=1) and lays each slow live event beside the seconds it waited
// in: for every deal whose team-lead event took over 500 ms, the largest event-loop delay each Node process of the
// node had during that wait. A process stalled for most of the wait is where the event sat.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Second {
  at: number;
  p99: number;
  max: number;
}

export interface SlowEvent {
  sentAt: number;
  delay: number;
}

export function loopProbeLines(dir: string, slow: SlowEvent[], startedAt: number, windowEnd: number): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
  if (files.length === 0) return [];
  const series = files.map((name) => ({
    role: name.replace(/-\d+\.jsonl$/, ''),
    seconds: readFileSync(path.join(dir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Second)
      .filter((s) => s.at >= startedAt && s.at <= windowEnd + 1000),
  }));
  const lines = ['', 'event-loop delay of the node (per-second p99: p50 / p99 of the seconds; largest stall):'];
  for (const { role, seconds } of series) {
    const p99s = seconds.map((s) => s.p99).sort((a, b) => a - b);
    const pick = (q: number) => p99s[Math.min(p99s.length - 1, Math.floor(q * p99s.length))] ?? 0;
    const worst = seconds.reduce((m, s) => Math.max(m, s.max), 0);
    const over = seconds.filter((s) => s.max >= 200).length;
    lines.push(
      `  ${role.padEnd(8)} ${pick(0.5)} / ${pick(0.99)} ms; largest ${worst} ms; ${over} of ${seconds.length} s had a stall >= 200 ms`,
    );
  }
  if (slow.length) lines.push('slow live events (> 500 ms) and the largest stall of each process during the wait:');
  for (const event of slow.sort((a, b) => b.delay - a.delay).slice(0, 12)) {
    // A second's line is written at its end: it covers [at - 1000, at].
    const during = series.map(({ role, seconds }) => {
      const overlapping = seconds.filter((s) => s.at > event.sentAt && s.at - 1000 < event.sentAt + event.delay);
      return `${role} ${overlapping.reduce((m, s) => Math.max(m, s.max), 0)} ms`;
    });
    lines.push(`  at +${Math.round((event.sentAt - startedAt) / 1000)} s: ${event.delay} ms; ${during.join(', ')}`);
  }
  return lines;
}
