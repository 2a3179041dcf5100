import { Type, type Static } from 'typebox';

/**
 * Call quality measured in the agent's browser (RTCPeerConnection.getStats) during a WebRTC call. The tab sends one
 * `call:quality` sample every few seconds; the server clamps it, estimates its MOS itself and keeps a summary on the
 * call. A call is poor while its latest sample crosses one of these (the thresholds Twilio's Voice SDK warns at).
 */
export const CALL_QUALITY_THRESHOLDS = { rttMs: 400, jitterMs: 30, lossPercent: 3, mos: 3.5 } as const;

/** Values past these are measurement noise or a lie; a sample is clamped to them before it is used. */
export const CALL_QUALITY_LIMITS = { rttMs: 10_000, jitterMs: 5_000, lossPercent: 100 } as const;

/** `call:quality` (client -> server): one sample of the agent's live call. */
export const CallQualitySample = Type.Object(
  {
    callId: Type.String({ pattern: '^[0-9a-f]{24}$' }),
    /** Round trip time between the browser and the gateway, ms. */
    rttMs: Type.Number({ minimum: 0 }),
    /** Jitter of the audio received, ms. */
    jitterMs: Type.Number({ minimum: 0 }),
    /** Packets of the received audio lost since the previous sample, percent. */
    lossPercent: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type CallQualitySample = Static<typeof CallQualitySample>;

export interface CallQualityAnswer {
  ok: boolean;
  error?: string;
}

const Figures = Type.Object({
  rttMs: Type.Number(),
  jitterMs: Type.Number(),
  lossPercent: Type.Number(),
  mos: Type.Number(),
});

/** On a call's view (dialer, Call History): what the agent's browser measured during the call. */
export const CallQualitySummary = Type.Object({
  samples: Type.Integer({ minimum: 0 }),
  /** Samples that crossed a threshold. */
  poorSamples: Type.Integer({ minimum: 0 }),
  average: Figures,
  /** Highest RTT, jitter and loss, lowest MOS. */
  worst: Figures,
});
export type CallQualitySummary = Static<typeof CallQualitySummary>;

export type CallQualityIssue = 'latency' | 'jitter' | 'loss' | 'mos';

const round2 = (value: number) => Math.round(value * 100) / 100;
const within = (value: number, max: number) => (Number.isFinite(value) ? Math.min(Math.max(value, 0), max) : 0);

/** A sample's figures held to plausible ranges (non-numbers count as 0). */
export function clampQuality(
  sample: Pick<CallQualitySample, 'rttMs' | 'jitterMs' | 'lossPercent'>,
): Pick<CallQualitySample, 'rttMs' | 'jitterMs' | 'lossPercent'> {
  return {
    rttMs: round2(within(sample.rttMs, CALL_QUALITY_LIMITS.rttMs)),
    jitterMs: round2(within(sample.jitterMs, CALL_QUALITY_LIMITS.jitterMs)),
    lossPercent: round2(within(sample.lossPercent, CALL_QUALITY_LIMITS.lossPercent)),
  };
}

/**
 * Estimated MOS (1-4.5) from the simplified ITU-T G.107 E-model of Cole and Rosenbluth (2001), as Twilio's and
 * callstats' SDKs compute it: effective latency = RTT + 2 x jitter + 10 ms (RTT rather than one-way delay, a
 * pessimistic reading); R = 93.2 - latency / 40 below 160 ms, else 93.2 - (latency - 120) / 10; R -= 2.5 x loss %;
 * MOS = 1 + 0.035 R + 7e-6 R (R - 60)(100 - R), 1 for R <= 0 and 4.5 for R >= 100.
 */
export function estimateMos(sample: Pick<CallQualitySample, 'rttMs' | 'jitterMs' | 'lossPercent'>): number {
  const { rttMs, jitterMs, lossPercent } = clampQuality(sample);
  const latency = rttMs + 2 * jitterMs + 10;
  const r = (latency < 160 ? 93.2 - latency / 40 : 93.2 - (latency - 120) / 10) - 2.5 * lossPercent;
  if (r <= 0) return 1;
  if (r >= 100) return 4.5;
  return round2(Math.min(4.5, Math.max(1, 1 + 0.035 * r + 7e-6 * r * (r - 60) * (100 - r))));
}

/** Which thresholds a sample crosses (empty: the call sounds fine). */
export function qualityIssues(
  sample: Pick<CallQualitySample, 'rttMs' | 'jitterMs' | 'lossPercent'>,
): CallQualityIssue[] {
  const t = CALL_QUALITY_THRESHOLDS;
  const issues: CallQualityIssue[] = [];
  if (sample.rttMs > t.rttMs) issues.push('latency');
  if (sample.jitterMs > t.jitterMs) issues.push('jitter');
  if (sample.lossPercent > t.lossPercent) issues.push('loss');
  if (estimateMos(sample) < t.mos) issues.push('mos');
  return issues;
}

export type CallQualityRating = 'good' | 'fair' | 'poor';

/**
 * How a finished call sounded, from its stored summary, by the same thresholds as the live warning: poor when its
 * averages cross one, fair when they do not but some samples did (a bad moment), good otherwise.
 */
export function qualityRating(summary: Pick<CallQualitySummary, 'average' | 'poorSamples'>): CallQualityRating {
  const { average } = summary;
  const t = CALL_QUALITY_THRESHOLDS;
  if (average.rttMs > t.rttMs || average.jitterMs > t.jitterMs || average.lossPercent > t.lossPercent) return 'poor';
  if (average.mos < t.mos) return 'poor';
  return summary.poorSamples > 0 ? 'fair' : 'good';
}
