import { describe, expect, it } from 'vitest';
import {
  CALL_QUALITY_THRESHOLDS,
  clampQuality,
  estimateMos,
  qualityIssues,
} from '../../shared/schemas/dialer/quality.js';

describe('call quality from WebRTC stats', () => {
  it('estimates the MOS with the simplified E-model', () => {
    // A clean line: latency 20 + 0 + 10 = 30 ms -> R = 93.2 - 0.75 = 92.45 -> MOS 4.39.
    expect(estimateMos({ rttMs: 20, jitterMs: 0, lossPercent: 0 })).toBe(4.39);
    // Past 160 ms of effective latency the second branch applies: 300 + 20 + 10 = 330 -> R = 72.2 -> MOS 3.7.
    expect(estimateMos({ rttMs: 300, jitterMs: 10, lossPercent: 0 })).toBe(3.7);
    // Each percent of loss costs 2.5 of R: R = 92.45 - 25 = 67.45 -> MOS 3.48.
    expect(estimateMos({ rttMs: 20, jitterMs: 0, lossPercent: 10 })).toBe(3.48);
    // R at or below 0 is the floor.
    expect(estimateMos({ rttMs: 2_000, jitterMs: 500, lossPercent: 50 })).toBe(1);
  });

  it('gets worse as each figure grows', () => {
    const base = { rttMs: 80, jitterMs: 5, lossPercent: 0.5 };
    const mos = estimateMos(base);
    expect(estimateMos({ ...base, rttMs: 250 })).toBeLessThan(mos);
    expect(estimateMos({ ...base, jitterMs: 40 })).toBeLessThan(mos);
    expect(estimateMos({ ...base, lossPercent: 4 })).toBeLessThan(mos);
  });

  it('warns at RTT > 400 ms, jitter > 30 ms, loss > 3 %, MOS < 3.5', () => {
    const fine = { rttMs: 100, jitterMs: 10, lossPercent: 1 };
    expect(qualityIssues(fine)).toEqual([]);
    expect(qualityIssues({ ...fine, rttMs: CALL_QUALITY_THRESHOLDS.rttMs })).not.toContain('latency');
    expect(qualityIssues({ ...fine, rttMs: 401 })).toContain('latency');
    expect(qualityIssues({ ...fine, jitterMs: 30 })).not.toContain('jitter');
    expect(qualityIssues({ ...fine, jitterMs: 31 })).toContain('jitter');
    expect(qualityIssues({ ...fine, lossPercent: 3 })).not.toContain('loss');
    expect(qualityIssues({ ...fine, lossPercent: 3.1 })).toContain('loss');
    // MOS alone: loss 9 % with a short line -> R = 93.2 - 3.25 - 22.5 = 67.45, MOS 3.48; loss is flagged too.
    expect(qualityIssues({ rttMs: 100, jitterMs: 10, lossPercent: 9 })).toEqual(['loss', 'mos']);
    // 350 ms RTT and 25 ms jitter cross no single limit but sound poor: MOS 3.31.
    expect(estimateMos({ rttMs: 350, jitterMs: 25, lossPercent: 0 })).toBeLessThan(3.5);
    expect(qualityIssues({ rttMs: 350, jitterMs: 25, lossPercent: 0 })).toEqual(['mos']);
  });

  it('clamps what a tab sends', () => {
    expect(clampQuality({ rttMs: -5, jitterMs: Number.NaN, lossPercent: 250 })).toEqual({
      rttMs: 0,
      jitterMs: 0,
      lossPercent: 100,
    });
    expect(clampQuality({ rttMs: 1e9, jitterMs: 12.3456, lossPercent: 0.004 })).toEqual({
      rttMs: 10_000,
      jitterMs: 12.35,
      lossPercent: 0,
    });
  });
});
