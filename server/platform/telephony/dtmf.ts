// DTMF towards the lead: RFC 4733 telephone-events in the lead's RTP stream when the far end accepted
// `telephone-event/8000` in its SDP answer, SIP INFO (`application/dtmf-relay`) in the dialog otherwise; and RFC 4733
// events from the lead, read back as digits (a lead pressing keys; the local carrier's echo number returns ours).

/** The keys of a phone's keypad, in RFC 4733's event order (0-9, then * and #). */
const DTMF_KEYS = '0123456789*#';
/** How long each key is held, and the pause after it (ITU-T Q.24 asks at least 40 ms each; carriers like ~100 ms). */
export const DTMF_TONE_MS = 100;
export const DTMF_GAP_MS = 80;
const PACKET_MS = 20;
const SAMPLES_PER_MS = 8;
/** The end of an event is sent three times (RFC 4733 2.5.1.4: it may be lost). */
const END_REPEATS = 3;
/** -10 dBm0, as phones send. */
const VOLUME = 10;

/** The payload type the far end's SDP answer gives `telephone-event/8000`, or undefined: it did not accept RFC 4733. */
export function telephoneEventOf(sdp: string): number | undefined {
  const audio = /^m=audio \d+ [^ ]+ ([\d ]+)/m.exec(sdp)?.[1]?.trim().split(/\s+/) ?? [];
  const type = /^a=rtpmap:(\d+) telephone-event\/8000/im.exec(sdp)?.[1];
  return type !== undefined && audio.includes(type) ? Number(type) : undefined;
}

/** One RFC 4733 event payload: the key, the end bit, the volume, the duration so far in samples. */
export function eventPayload(key: string, end: boolean, durationSamples: number): Buffer {
  const payload = Buffer.alloc(4);
  payload[0] = DTMF_KEYS.indexOf(key);
  payload[1] = (end ? 0x80 : 0) | VOLUME;
  payload.writeUInt16BE(Math.min(0xffff, durationSamples), 2);
  return payload;
}

/** What sends one event packet into the lead's stream (RtpRelay.sendEventToLead). */
type EventSender = (payload: Buffer, options: { marker: boolean; timestamp: number }) => void;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends each key as one RFC 4733 event: a packet every 20 ms with the duration so far (the first with the marker),
 * then the end three times, all with the event's start timestamp; keys one after another.
 */
export async function sendEvents(keys: string, send: EventSender, timestampNow: () => number): Promise<void> {
  for (const key of keys) {
    const timestamp = timestampNow();
    const steps = DTMF_TONE_MS / PACKET_MS;
    for (let step = 1; step <= steps; step++) {
      send(eventPayload(key, false, step * PACKET_MS * SAMPLES_PER_MS), { marker: step === 1, timestamp });
      await pause(PACKET_MS);
    }
    for (let repeat = 0; repeat < END_REPEATS; repeat++)
      send(eventPayload(key, true, DTMF_TONE_MS * SAMPLES_PER_MS), { marker: false, timestamp });
    await pause(DTMF_GAP_MS);
  }
}

/** Sends each key as a SIP INFO, paced like the tones so a far end that plays them hears separate keys. */
export async function sendInfos(keys: string, info: (key: string, durationMs: number) => void): Promise<void> {
  for (const key of keys) {
    info(key, DTMF_TONE_MS);
    await pause(DTMF_TONE_MS + DTMF_GAP_MS);
  }
}

/**
 * Reads RFC 4733 events arriving from the lead: one key per event, reported at its first end packet (the repeats and
 * the packets before it carry the same timestamp).
 */
export class DtmfReceiver {
  private lastEnded?: number;

  constructor(private readonly onKey: (key: string) => void) {}

  take(payload: Buffer, timestamp: number): void {
    if (payload.length < 4 || !(payload[1]! & 0x80) || this.lastEnded === timestamp) return;
    this.lastEnded = timestamp;
    const key = DTMF_KEYS[payload[0]!];
    if (key) this.onKey(key);
  }
}

/** Keys are sent one call at a time, in order: a second press waits for the first to be sent. */
export class DtmfQueue {
  private tail: Promise<void> = Promise.resolve();

  push(send: () => Promise<void>): Promise<void> {
    const next = this.tail.then(send, send);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
