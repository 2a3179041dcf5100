import { SocketRequests } from '../../../shared/events.js';
import { qualityIssues, type CallQualityIssue } from '../../../shared/schemas/dialer/quality.js';
import { liveSocket } from '../../live/socket.js';
import { dialerStore } from './store.js';

/**
 * Call quality during a WebRTC call: every 2 s the tab holding the call reads its RTCPeerConnection's stats, sends the
 * sample to the server (`call:quality`, stored on the call) and shows a warning in the dialer panel while the latest
 * sample crosses a threshold (shared/schemas/dialer/quality.ts).
 */

const SAMPLE_EVERY_MS = 2_000;

/** Running totals of the received audio, to turn counters into a loss rate per sample. */
interface ReceivedAudio {
  packetsLost: number;
  packetsReceived: number;
  bytesReceived: number;
}

interface StatsReading {
  rttMs: number | null;
  jitterMs: number | null;
  received: ReceivedAudio | null;
}

type Stat = Record<string, unknown> & { type?: string; id?: string };
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * RTT from the selected ICE candidate pair (STUN checks, always present once connected), else from RTCP
 * (remote-inbound-rtp); jitter and counters from the received audio (inbound-rtp).
 */
export function readStats(report: Iterable<Stat>): StatsReading {
  const stats = [...report];
  const byId = new Map(stats.map((s) => [s.id, s]));
  const transport = stats.find((s) => s.type === 'transport' && typeof s.selectedCandidatePairId === 'string');
  const pair =
    (transport ? byId.get(transport.selectedCandidatePairId as string) : undefined) ??
    stats.find(
      (s) => s.type === 'candidate-pair' && s.state === 'succeeded' && (s.nominated === true || s.selected === true),
    );
  const remote = stats.find((s) => s.type === 'remote-inbound-rtp' && (s.kind ?? 'audio') === 'audio');
  const inbound = stats.find((s) => s.type === 'inbound-rtp' && (s.kind ?? s.mediaType ?? 'audio') === 'audio');
  const rtt = num(pair?.currentRoundTripTime) ?? num(remote?.roundTripTime);
  const jitter = num(inbound?.jitter);
  return {
    rttMs: rtt === null ? null : rtt * 1_000,
    jitterMs: jitter === null ? null : jitter * 1_000,
    received: inbound
      ? {
          packetsLost: Math.max(0, num(inbound.packetsLost) ?? 0),
          packetsReceived: num(inbound.packetsReceived) ?? 0,
          bytesReceived: num(inbound.bytesReceived) ?? 0,
        }
      : null,
  };
}

/** Percent of the audio packets lost between two readings (0 when nothing was expected). */
export function lossPercentBetween(previous: ReceivedAudio | null, current: ReceivedAudio): number {
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const expected = lost + received;
  return expected > 0 && lost > 0 ? (lost / expected) * 100 : 0;
}

/** Samples `pc` for `callId` until the returned stop is called. */
export function monitorCallQuality(pc: RTCPeerConnection, callId: string): () => void {
  let previous: ReceivedAudio | null = null;
  let stopped = false;
  // A connection kept from an earlier call (room model) carries that call's counters: this call's loss starts here.
  void pc
    .getStats()
    .then((report) => (previous ??= readStats(report.values() as Iterable<Stat>).received))
    .catch(() => undefined);
  const sample = async () => {
    const reading = readStats((await pc.getStats()).values() as Iterable<Stat>);
    if (stopped || reading.rttMs === null || !reading.received) return;
    const lossPercent = lossPercentBetween(previous, reading.received);
    previous = reading.received;
    const figures = { rttMs: reading.rttMs, jitterMs: reading.jitterMs ?? 0, lossPercent };
    showQuality(callId, qualityIssues(figures));
    liveSocket()?.emit(SocketRequests.callQuality, { callId, ...figures });
  };
  const timer = setInterval(() => void sample().catch(() => undefined), SAMPLE_EVERY_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    if (dialerStore.quality?.callId === callId) dialerStore.quality = null;
  };
}

function showQuality(callId: string, issues: CallQualityIssue[]): void {
  const shown = dialerStore.quality;
  if (shown?.callId === callId && shown.issues.join() === issues.join()) return;
  dialerStore.quality = { callId, issues };
}
