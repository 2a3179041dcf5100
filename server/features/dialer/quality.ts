import { ObjectId } from 'mongodb';
import { Value } from 'typebox/value';
import { SocketRequests } from '../../../shared/events.js';
import {
  CallQualitySample,
  clampQuality,
  estimateMos,
  qualityIssues,
  type CallQualityAnswer,
  type CallQualitySummary,
} from '../../../shared/schemas/dialer/quality.js';
import type { Platform } from '../../platform/context.js';
import type { SocketFeature } from '../../platform/sockets.js';
import { addCallQualitySample, type CallQualityDoc } from './repository.js';

/** The tab samples every 2 s: one a second is the most a call takes, 4 h of samples the most it keeps. */
const MIN_SAMPLE_GAP_MS = 1_000;
const MAX_SAMPLES = 7_200;

export type QualityResult = 'stored' | 'invalid' | 'refused';

/**
 * Stores one sample the agent's browser measured on the agent's own live call. The figures are checked and clamped,
 * and the MOS is estimated here from them: a tab's own MOS is never taken.
 */
export async function recordCallQuality(platform: Platform, agentId: string, input: unknown): Promise<QualityResult> {
  if (!Value.Check(CallQualitySample, input) || !ObjectId.isValid(agentId)) return 'invalid';
  const figures = clampQuality(input);
  const stored = await addCallQualitySample(
    platform.db,
    new ObjectId(input.callId),
    new ObjectId(agentId),
    { ...figures, mos: estimateMos(figures), poor: qualityIssues(figures).length > 0 },
    platform.clock.now(),
    { minGapMs: MIN_SAMPLE_GAP_MS, maxSamples: MAX_SAMPLES },
  );
  return stored ? 'stored' : 'refused';
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function toQualitySummary(doc: CallQualityDoc): CallQualitySummary {
  const n = Math.max(1, doc.samples);
  return {
    samples: doc.samples,
    poorSamples: doc.poorSamples,
    average: {
      rttMs: round2(doc.sum.rttMs / n),
      jitterMs: round2(doc.sum.jitterMs / n),
      lossPercent: round2(doc.sum.lossPercent / n),
      mos: round2(doc.sum.mos / n),
    },
    worst: { ...doc.worst },
  };
}

/** `call:quality` from the agent's tabs (acked). Only the agent's own connected call takes a sample. */
export function callQualityReports(platform: Platform): SocketFeature {
  return (socket) => {
    const agentId = socket.data.userId;
    socket.on(SocketRequests.callQuality, (sample: unknown, ack) => {
      const answer = (result: CallQualityAnswer) => {
        if (typeof ack === 'function') ack(result);
      };
      recordCallQuality(platform, agentId, sample).then(
        (result) =>
          answer(
            result === 'stored'
              ? { ok: true }
              : { ok: false, error: result === 'invalid' ? 'Invalid sample.' : 'Not your live call.' },
          ),
        (error) => {
          platform.log.warn({ err: error, agentId }, 'call quality sample not stored');
          answer({ ok: false, error: 'Not stored.' });
        },
      );
    });
  };
}
