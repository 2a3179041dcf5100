// The capacity load model in CI mode (bench/capacity/run.ts, as `npm run bench:capacity` runs it, bounded): the node
// in its production shape (embedded MongoDB, Redis, the local carrier's Janus and SIPp, one API node with the
// default load shedding, one worker process), 3 agents on real room-model SIP calls with auto-dial and short talk
// times, a team lead and an owner, all in a load-generator process of their own, for one minute. It fails if any
// call drops (never connects, ends before the agent hangs up, hears no audio back, or auto-dial stops placing the
// next one) or if any sign-in, refresh or call-control request is shed. Figures are printed, never asserted.
import { describe, expect, it } from 'vitest';
import { localCarrierProblem } from '../../server/platform/telephony/local-carrier.js';
import { formatReport, runCapacity } from '../../bench/capacity/run.js';

const missing = localCarrierProblem();

describe.skipIf(missing !== null)('capacity load model, CI mode', () => {
  it('3 agents for a minute on auto-dial through the call rooms: no call dropped, no call-control request shed, every answered call recorded', async () => {
    const report = await runCapacity({
      agents: 3,
      minutes: 1,
      talkSeconds: [6, 10],
      dealShare: 0.3,
      pageEverySeconds: 15,
      importRows: 50,
      agentsPerProcess: 10,
    });
    console.info(formatReport(report));
    expect(report.calls.problems).toEqual([]);
    // Each agent worked more than its first call: auto-dial kept dialing.
    expect(report.calls.connected).toBeGreaterThan(report.agents);
    expect(report.shed.neverShedRoutes).toBe(0);
    expect(report.recordings.missing).toBe(0);
    // The length is compared with the answer and end times the API stored when it applied them, which a loaded machine
    // writes late (1.2 s off was seen at load 15-20); a recording that lost or doubled audio is off by far more.
    expect(report.recordings.worstOffSeconds).toBeLessThan(3);
    expect(report.liveEvent.missing).toBe(0);
  }, 600_000);
});
