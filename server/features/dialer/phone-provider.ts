/**
 * What the dialer needs from a telephony provider (spec 2 section 7: initialize, connect, make call,
 * end call, set muted, and its events). The shipped implementation is the simulator (simulator.ts);
 * a real provider implements the same contract and reports through the same events.
 */

export type ProviderEvent =
  | { type: 'initialized'; agentId: string }
  | { type: 'init-failed'; agentId: string }
  | { type: 'connected'; agentId: string }
  /** The far end picked up (a person, or voicemail). */
  | { type: 'answered' | 'voicemail'; callId: string }
  /** Rang out with no answer, or the number could not be reached. */
  | { type: 'no-answer' | 'failed'; callId: string }
  /** The far end hung up. */
  | { type: 'hangup'; callId: string }
  /** An end the agent asked for is complete. */
  | { type: 'end-complete'; callId: string }
  /** The line is free again after an ended call. */
  | { type: 'idle'; callId: string }
  | { type: 'mute-changed'; callId: string; muted: boolean };

/** Where a call stands after the dialer applied an event; the provider times its next steps from it. */
export interface CallProgress {
  state: 'calling' | 'connected' | 'ending' | 'ended' | 'idle';
  reached?: 'answered' | 'voicemail';
  connectedAt?: Date;
  endedAt?: Date;
}

/** Handlers are awaited: a failing handler fails the provider step, which is retried. */
export type ProviderEventHandler = (event: ProviderEvent) => Promise<CallProgress | null | void>;

export interface ProviderEvents {
  subscribe(handler: ProviderEventHandler): () => void;
}

export interface PhoneProvider {
  /** Shown where the spec says "Zoom Phone". */
  readonly displayName: string;
  initialize(agentId: string): Promise<void>;
  connect(agentId: string): Promise<void>;
  makeCall(call: { callId: string; phone: string; startedAt?: Date }): Promise<void>;
  endCall(callId: string): Promise<void>;
  setMuted(callId: string, muted: boolean): Promise<void>;
  readonly events: ProviderEvents;
}

export function providerEvents(): ProviderEvents & { publish(event: ProviderEvent): Promise<CallProgress | null> } {
  const handlers = new Set<ProviderEventHandler>();
  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async publish(event) {
      let progress: CallProgress | null = null;
      for (const handler of handlers) progress = (await handler(event)) ?? progress;
      return progress;
    },
  };
}
