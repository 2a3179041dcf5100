/**
 * The lead's side of a live call, as audio, for whoever listens on this node (the objection spotter of issue 31). A
 * provider opens a tap when the lead answers and closes it when the call ends; only the lead -> room direction is
 * tapped, so what the agent says is never heard. Pushing never waits: a listener that falls behind loses audio
 * rather than slowing the relay or the call's control.
 */

/** 8 kHz G.711 µ-law, a byte a sample: what a phone line's lead leg carries. */
export const LEAD_AUDIO_FORMAT = { encoding: 'mulaw', sampleRate: 8000 } as const;
const BYTES_PER_MS = 8;
/** About 10 s of audio waiting for a listener that does not read: beyond it new audio is dropped. */
const MAX_WAITING_BYTES = 80_000;

export interface LeadAudio {
  callId: string;
  /** Wall-clock ms of the answer: the start of the call's recording. */
  answeredAt: number;
  /**
   * Wall-clock ms where the audio starts (set with its first chunk): audio time + (this - answeredAt) is recording
   * time. The audio is not padded back to the answer: the recogniser hears a first word after a long quiet badly.
   */
  audioStartedAt?: number;
  audio: AsyncIterable<Uint8Array>;
}

export type LeadAudioListener = (lead: LeadAudio) => void;

export interface LeadAudioSource {
  subscribe(listener: LeadAudioListener): () => void;
}

export interface LeadAudioFeed {
  push(mulaw: Uint8Array): void;
  end(): void;
}

const NOBODY_LISTENS: LeadAudioFeed = { push: () => undefined, end: () => undefined };

/** One per provider: `open` a feed per answered call, listeners get its audio as an async iterable. */
export class LeadAudioTaps implements LeadAudioSource {
  private readonly listeners = new Set<LeadAudioListener>();

  subscribe(listener: LeadAudioListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  open(callId: string, answeredAt = Date.now()): LeadAudioFeed {
    if (this.listeners.size === 0) return NOBODY_LISTENS;
    const taps = [...this.listeners].map((listener) => {
      const lead: LeadAudio = { callId, answeredAt, audio: new AudioQueue() };
      listener(lead);
      return lead;
    });
    return {
      push(mulaw) {
        for (const lead of taps) {
          lead.audioStartedAt ??= Date.now() - mulaw.length / BYTES_PER_MS;
          (lead.audio as AudioQueue).push(mulaw);
        }
      },
      end() {
        for (const lead of taps) (lead.audio as AudioQueue).end();
      },
    };
  }
}

class AudioQueue implements AsyncIterable<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private waiting = 0;
  private ended = false;
  private wake?: () => void;

  push(chunk: Uint8Array): void {
    if (this.ended || this.waiting + chunk.length > MAX_WAITING_BYTES) return;
    this.chunks.push(chunk);
    this.waiting += chunk.length;
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) {
        this.waiting -= chunk.length;
        yield chunk;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
