import { Jobs, type CallStepJob, type PhoneStepJob, type Queues } from '../../../shared/queues.js';
import { TIMINGS } from '../../../shared/constants.js';
import {
  providerEvents,
  type CallMonitoring,
  type CallProgress,
  type CallTransfers,
  type InboundCalls,
  type InboundOffer,
  type PhoneProvider,
  type PlacedCall,
  type ProviderEvent,
} from './phone-provider.js';
import { enqueue, type JobQueue, type QueueJob } from '../queues.js';
import { LeadAudioTaps } from './lead-audio.js';
import { playLeadLine } from './simulated-lead.js';
import { TALKING_LEADS } from './talking-leads.js';
import type { DialResult, SipCause } from '../../../shared/schemas/dialer/dial-result.js';
import { DTMF_GAP_MS, DTMF_TONE_MS } from './dtmf.js';

/**
 * The simulated phone provider. Timings are the spec's (docs/product.md, The phone); every timed step is a
 * delayed job in the `calls` queue with a job id per call and step, so the call goes on when the API
 * node that started it restarts, and a re-run step is a no-op.
 *
 * Outcomes are decided by the dialed number, so tests and demos are repeatable:
 * - fewer than 7 digits: the call fails to connect (status missed, "Call failed to connect");
 * - last digit 0: nobody answers; the call ends when the ring time is over (missed);
 * - last digit 9: voicemail picks up; the "message" lasts `voicemailMs`, then the line drops (voicemail);
 * - any other digit: a person answers and hangs up after `talkMs` unless the agent ends first (answered).
 */
export interface SimulatorTimings {
  initializeMs: number;
  connectMs: number;
  /** Calling -> connected (or no answer). */
  ringMs: number;
  endMs: number;
  idleMs: number;
  muteMs: number;
  talkMs: number;
  voicemailMs: number;
  autoDialDelayMs: number;
}

export const SPEC_TIMINGS: SimulatorTimings = {
  initializeMs: 1_000,
  connectMs: 1_500,
  ringMs: 2_000,
  endMs: 500,
  idleMs: 1_000,
  muteMs: 300,
  talkMs: 4_000,
  voicemailMs: 3_000,
  autoDialDelayMs: TIMINGS.autoDialDelayMs,
};

/** The `calls` jobs the provider runs itself (auto-dial belongs to the dialer's queue service). */
export type ProviderStepJob = Exclude<QueueJob<typeof Queues.calls>, { name: typeof Jobs.calls.autoDial }>;

export interface SimulatorOptions {
  displayName?: string;
  /**
   * Divides every timing (tests that do not assert the spec's timings run faster with it). Default 1:
   * the spec's timings. Never set it in production.
   */
  speed?: number;
  talkMs?: number;
  voicemailMs?: number;
}

export type SimulatedOutcome = 'answered' | 'voicemail' | 'no-answer' | 'failed';

/** What the simulated far end does with a number: like a carrier, with the local carrier's SIP answers. */
export interface SimulatedCall {
  outcome: SimulatedOutcome;
  /** It rings (180) before the outcome; a busy line or a number not in service answers at once. */
  rings: boolean;
  result?: DialResult;
  cause?: SipCause;
  /** Answers and stays on the line until the agent ends (up to `OPEN_LINE_MS`). */
  openLine?: boolean;
  /** What the lead says after answering (talking-leads.ts), heard by the objection spotter. */
  says?: string;
}

/** The simulated open line (555-010-0005) still ends by itself after this long, so a forgotten call frees the line. */
const OPEN_LINE_MS = 10 * 60_000;

const RINGS = { rings: true } as const;
const CARRIER_PLAN: Record<string, SimulatedCall> = {
  '01': { outcome: 'answered', ...RINGS },
  '02': { outcome: 'no-answer', rings: false, result: 'busy', cause: { code: 486, reason: 'Busy Here' } },
  '03': { outcome: 'no-answer', ...RINGS, result: 'no-answer', cause: { code: 487, reason: 'Request Terminated' } },
  '04': { outcome: 'answered', ...RINGS },
  '05': { outcome: 'answered', ...RINGS, openLine: true },
  '07': { outcome: 'answered', ...RINGS, openLine: true },
  // The local carrier has no declining number; the simulator adds one so every result can be shown.
  '06': { outcome: 'no-answer', ...RINGS, result: 'declined', cause: { code: 603, reason: 'Decline' } },
  ...Object.fromEntries(
    Object.entries(TALKING_LEADS).map(([n, says]) => [n, { outcome: 'answered', ...RINGS, openLine: true, says }]),
  ),
};
const NOT_IN_SERVICE: SimulatedCall = {
  outcome: 'failed',
  rings: false,
  result: 'not-in-service',
  cause: { code: 404, reason: 'Not Found' },
};

/**
 * The local carrier's test numbers (555-010-00NN, docs/telephony.md) behave as on the carrier, so the same numbers
 * show the same progress with either provider; other numbers keep the simulator's rules by last digit.
 */
export function simulatedCall(phone: string): SimulatedCall {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (/^55501000\d\d$/.test(digits)) return CARRIER_PLAN[digits.slice(-2)] ?? NOT_IN_SERVICE;
  const outcome = simulatedOutcome(digits);
  if (outcome === 'failed') return { outcome, rings: false };
  if (outcome === 'no-answer')
    return { outcome, ...RINGS, result: 'no-answer', cause: { code: 487, reason: 'Request Terminated' } };
  return { outcome, ...RINGS };
}

export function simulatedOutcome(phone: string): SimulatedOutcome {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return 'failed';
  const last = digits[digits.length - 1];
  if (last === '0') return 'no-answer';
  if (last === '9') return 'voicemail';
  return 'answered';
}

export function scaledTimings(options: SimulatorOptions = {}): SimulatorTimings {
  const speed = options.speed && options.speed > 0 ? options.speed : 1;
  const base = {
    ...SPEC_TIMINGS,
    ...(options.talkMs ? { talkMs: options.talkMs } : {}),
    ...(options.voicemailMs ? { voicemailMs: options.voicemailMs } : {}),
  };
  return Object.fromEntries(
    Object.entries(base).map(([k, v]) => [k, Math.round(v / speed)]),
  ) as unknown as SimulatorTimings;
}

export class SimulatedPhoneProvider implements PhoneProvider {
  readonly displayName: string;
  readonly timings: SimulatorTimings;
  private readonly bus = providerEvents();
  readonly events = this.bus;
  /**
   * A simulated call has no audio: a transfer only changes whose call it is, which the dialer stores. Its steps are
   * keyed by the call, not the agent, so the call goes on (the open line, its end) under the closer.
   */
  readonly transfers: CallTransfers = {
    join: async () => {},
    handOver: async () => {},
    leave: async () => {},
    // A closing desk answers after a quarter of the ring time, as a person does here; there is no audio.
    dialDesk: () => new Promise((resolve) => setTimeout(resolve, this.timings.ringMs / 4)),
    handOverToDesk: async () => {},
  };
  /**
   * A coach on a simulated call: there is no audio to hear or to speak into (`media` absent, so the coach's tab opens
   * no microphone and sends no offer), and the modes change nothing here. What coaching is besides the audio is the
   * coaching service's, the same as with the room model: who may, the session, the agent's indicator, the audit log,
   * and the session's end with the call (the `hangup` / `end-complete` events below, in whichever process runs them).
   */
  readonly monitoring: CallMonitoring = {
    join: async () => null,
    setMode: async () => {},
    leave: async () => {},
  };
  readonly leadAudio = new LeadAudioTaps();
  /** Leads calling in, simulated (`simulate`): no audio; a voicemail lasts `voicemailMs` and is recorded by the dialer. */
  readonly inbound: InboundCalls = simulatedInbound(() => this.timings.voicemailMs);

  constructor(
    private readonly queue: JobQueue<typeof Queues.calls>,
    options: SimulatorOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.displayName = options.displayName ?? 'Zoom Phone';
    this.timings = scaledTimings(options);
  }

  async initialize(agentId: string): Promise<void> {
    await this.phoneStep(agentId, 'initialized', this.timings.initializeMs);
  }

  async connect(agentId: string): Promise<void> {
    await this.phoneStep(agentId, 'connected', this.timings.connectMs);
  }

  /** `startedAt` keeps the original schedule when a re-run places the same call's first step again. */
  async makeCall(call: PlacedCall): Promise<void> {
    if (call.inboundId) {
      // The caller is on the line already: answered at once, and stays until either side hangs up.
      setImmediate(() => {
        void this.bus
          .publish({ type: 'answered', callId: call.callId })
          .then((progress) => this.follow(call.callId, progress, true));
      });
      return;
    }
    const since = call.startedAt ? call.startedAt.getTime() - this.now() : 0;
    const plan = simulatedCall(call.phone);
    // A ring comes a quarter of the ring time in; a busy line or a number not in service answers at that moment.
    const firstAnswer = since + this.timings.ringMs / 4;
    if (plan.rings) await this.callStep({ callId: call.callId, step: 'ringing' }, firstAnswer);
    const over = plan.rings || (plan.outcome === 'failed' && !plan.result) ? since + this.timings.ringMs : firstAnswer;
    await this.callStep({ callId: call.callId, step: 'ring-over', phone: call.phone }, over);
  }

  async endCall(callId: string): Promise<void> {
    await this.callStep({ callId, step: 'end-complete' }, this.timings.endMs);
  }

  async setMuted(callId: string, muted: boolean): Promise<void> {
    await this.callStep({ callId, step: 'mute-applied', muted }, this.timings.muteMs, `${callId}-mute-${this.now()}`);
  }

  /** Hold takes effect as mute does (0.3 s); the simulated lead "hears" the hold tone meanwhile. */
  async setHeld(callId: string, held: boolean): Promise<void> {
    await this.callStep({ callId, step: 'hold-applied', held }, this.timings.muteMs, `${callId}-hold-${this.now()}`);
  }

  /** There is no far end to hear the keys: sending takes as long as on a real line (dtmf.ts), one key after another. */
  async sendDigits(callId: string, digits: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, digits.length * (DTMF_TONE_MS + DTMF_GAP_MS)));
  }

  /** Runs one timed step (called by the `calls` worker) and schedules what follows from where the call now stands. */
  async runStep(job: ProviderStepJob): Promise<void> {
    if (job.name === Jobs.calls.phoneStep) {
      await this.bus.publish({ type: job.data.step, agentId: job.data.agentId });
      return;
    }
    const { data } = job;
    switch (data.step) {
      case 'ringing':
        await this.bus.publish({ type: 'ringing', callId: data.callId });
        return;
      case 'ring-over': {
        const plan = simulatedCall(data.phone ?? '');
        const event: ProviderEvent =
          plan.outcome === 'no-answer' || plan.outcome === 'failed'
            ? {
                type: plan.outcome,
                callId: data.callId,
                ...(plan.result ? { result: plan.result } : {}),
                ...(plan.cause ? { cause: plan.cause } : {}),
              }
            : { type: plan.outcome, callId: data.callId };
        const progress = await this.bus.publish(event);
        if (plan.says && progress?.state === 'connected') playLeadLine(this.leadAudio, data.callId, plan.says);
        await this.follow(data.callId, progress, plan.openLine);
        return;
      }
      case 'hangup':
      case 'end-complete':
        await this.follow(data.callId, await this.bus.publish({ type: data.step, callId: data.callId }));
        return;
      case 'idle':
        await this.bus.publish({ type: 'idle', callId: data.callId });
        return;
      case 'mute-applied':
        await this.bus.publish({ type: 'mute-changed', callId: data.callId, muted: Boolean(data.muted) });
        return;
      case 'hold-applied':
        await this.bus.publish({ type: 'hold-changed', callId: data.callId, held: Boolean(data.held) });
        return;
    }
  }

  /** Timed from the call's own timestamps, so a step re-run after a crash keeps the original schedule. */
  private async follow(callId: string, progress: CallProgress | null, openLine = false): Promise<void> {
    if (!progress) return;
    if (progress.state === 'connected' && progress.connectedAt) {
      const talk = openLine
        ? OPEN_LINE_MS
        : progress.reached === 'voicemail'
          ? this.timings.voicemailMs
          : this.timings.talkMs;
      await this.callStep({ callId, step: 'hangup' }, progress.connectedAt.getTime() + talk - this.now());
    }
    if (progress.state === 'ended' && progress.endedAt) {
      await this.callStep({ callId, step: 'idle' }, progress.endedAt.getTime() + this.timings.idleMs - this.now());
    }
  }

  private async phoneStep(agentId: string, step: PhoneStepJob['step'], delay: number): Promise<void> {
    const data: PhoneStepJob = { agentId, step };
    await enqueue(this.queue, Jobs.calls.phoneStep, data, {
      jobId: `phone-${agentId}-${step}-${this.now()}`,
      delay: Math.max(0, delay),
    });
  }

  private async callStep(data: CallStepJob, delay: number, jobId = `${data.callId}-${data.step}`): Promise<void> {
    await enqueue(this.queue, Jobs.calls.callStep, data, { jobId, delay: Math.max(0, delay) });
  }
}

/** The simulator's callers: an id per call, ringing until the dialer answers, rejects or takes a voicemail. */
function simulatedInbound(voicemailMs: () => number): InboundCalls {
  const ringing = new Set<string>();
  const offeredTo = new Set<(offer: InboundOffer) => void>();
  return {
    onOffered(handler) {
      offeredTo.add(handler);
      return () => offeredTo.delete(handler);
    },
    onAbandoned: () => () => undefined,
    async voicemail(inboundId) {
      if (!ringing.delete(inboundId)) return { wav: null, seconds: 0 };
      await new Promise((resolve) => setTimeout(resolve, voicemailMs()));
      return { wav: null, seconds: Math.round(voicemailMs() / 1_000) };
    },
    reject(inboundId) {
      ringing.delete(inboundId);
    },
    simulate({ from, to }) {
      const inboundId = `sim-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      ringing.add(inboundId);
      for (const handler of offeredTo) handler({ inboundId, from, to });
      return inboundId;
    },
  };
}
