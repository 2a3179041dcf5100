// Preloaded (`--import`) into the node's Node processes by `npm run bench:capacity` when CAPACITY_LOOP_PROBE_DIR is
// set: each second, the largest and the 99th-percentile event-loop delay of that second, appended to
// <dir>/<role>-<pid>.jsonl. A slow live event is then laid beside the second it waited in, and the process that was
// stalled at that moment is named (the bench's "slow live events" lines).
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.CAPACITY_LOOP_PROBE_DIR;
if (dir) {
  const file = path.join(dir, `${process.env.CAPACITY_LOOP_PROBE_ROLE ?? 'node'}-${process.pid}.jsonl`);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => Math.round(ns / 1e6);
  setInterval(() => {
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), p99: ms(delay.percentile(99)), max: ms(delay.max) })}\n`);
    delay.reset();
  }, 1000).unref();
}
