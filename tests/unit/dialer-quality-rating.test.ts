// Call History's rating of a finished call from its stored quality summary, by the live warning's thresholds
// (RTT > 400 ms, jitter > 30 ms, loss > 3 %, MOS < 3.5: shared/schemas/dialer/quality.ts).
import { describe, expect, it } from 'vitest';
import { qualityRating } from '../../shared/schemas/dialer/quality.js';

const clean = { rttMs: 20, jitterMs: 2, lossPercent: 0, mos: 4.39 };

describe('call quality rating', () => {
  it('is good when no sample crossed a threshold', () => {
    expect(qualityRating({ average: clean, poorSamples: 0 })).toBe('good');
  });

  it('is fair when the averages are fine but some samples were poor (a bad moment)', () => {
    expect(qualityRating({ average: clean, poorSamples: 2 })).toBe('fair');
  });

  it('is poor when an average crosses a threshold, each figure alone', () => {
    expect(qualityRating({ average: { ...clean, rttMs: 401 }, poorSamples: 5 })).toBe('poor');
    expect(qualityRating({ average: { ...clean, jitterMs: 31 }, poorSamples: 5 })).toBe('poor');
    expect(qualityRating({ average: { ...clean, lossPercent: 3.5 }, poorSamples: 5 })).toBe('poor');
    expect(qualityRating({ average: { ...clean, mos: 3.49 }, poorSamples: 5 })).toBe('poor');
  });

  it('keeps the thresholds themselves on the good side (poor only past them)', () => {
    expect(qualityRating({ average: { rttMs: 400, jitterMs: 30, lossPercent: 3, mos: 3.5 }, poorSamples: 0 })).toBe(
      'good',
    );
  });
});
