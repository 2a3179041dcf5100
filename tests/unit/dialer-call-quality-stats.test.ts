import { describe, expect, it } from 'vitest';
import { lossPercentBetween, readStats } from '../../client/features/dialer/call-quality.js';

describe("reading a WebRTC call's stats", () => {
  const report = [
    { id: 'T1', type: 'transport', selectedCandidatePairId: 'CP2' },
    { id: 'CP1', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 9 },
    { id: 'CP2', type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.123 },
    { id: 'RI', type: 'remote-inbound-rtp', kind: 'audio', roundTripTime: 0.5 },
    {
      id: 'IN',
      type: 'inbound-rtp',
      kind: 'audio',
      jitter: 0.012,
      packetsLost: 4,
      packetsReceived: 196,
      bytesReceived: 31_360,
    },
  ];

  it('takes the RTT of the selected candidate pair, else RTCP, and the jitter and counters of the received audio (ms)', () => {
    expect(readStats(report)).toEqual({
      rttMs: 123,
      jitterMs: 12,
      received: { packetsLost: 4, packetsReceived: 196, bytesReceived: 31_360 },
    });
    expect(readStats(report.filter((s) => s.type !== 'transport' && s.type !== 'candidate-pair')).rttMs).toBe(500);
    expect(readStats([])).toEqual({ rttMs: null, jitterMs: null, received: null });
  });

  it('turns the loss counters into the percent lost since the previous reading', () => {
    expect(lossPercentBetween(null, { packetsLost: 4, packetsReceived: 196, bytesReceived: 0 })).toBe(2);
    expect(
      lossPercentBetween(
        { packetsLost: 4, packetsReceived: 196, bytesReceived: 0 },
        { packetsLost: 14, packetsReceived: 286, bytesReceived: 0 },
      ),
    ).toBe(10);
    expect(
      lossPercentBetween(
        { packetsLost: 4, packetsReceived: 196, bytesReceived: 0 },
        { packetsLost: 4, packetsReceived: 196, bytesReceived: 0 },
      ),
    ).toBe(0);
  });
});
