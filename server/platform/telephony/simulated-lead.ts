import { leadLine } from '../speech/lead-speech.js';
import type { LeadAudioTaps } from './lead-audio.js';
import { PAUSE_BEFORE_LINE_MS, SILENCE_AFTER_LINE_MS } from './talking-leads.js';

/**
 * The simulator's talking leads (issue 31): a plan number whose lead says a line plays it, made with espeak-ng the
 * first time it is needed, into the call's lead audio in real time, so `npm start` shows live objection spotting
 * without a carrier. The lead pauses, says its line, and goes quiet: its audio ends once the recogniser has had the
 * silence it needs to close the utterance, which frees the node's stream for the next call.
 */

const FRAME_BYTES = 160; // 20 ms at 8 kHz µ-law
const FRAME_MS = 20;
const SILENCE = 0xff;

const lines = new Map<string, Promise<Uint8Array>>();
/** A re-run answer step must not start the line a second time. */
const playing = new Set<string>();

/** When the line's words started and ended, in ms from the answer (tests measure the suggestion from `endMs`). */
export interface PlayedLine {
  text: string;
  startMs: number;
  endMs: number;
}

export function playLeadLine(
  taps: LeadAudioTaps,
  callId: string,
  text: string,
  onPlayed?: (played: PlayedLine) => void,
): void {
  if (playing.has(callId)) return;
  playing.add(callId);
  const answeredAt = Date.now();
  const feed = taps.open(callId, answeredAt, { alignToAnswer: false });
  if (!lines.has(text)) lines.set(text, leadLine(text));
  void lines.get(text)!.then(
    (spoken) => {
      const startMs = Math.max(PAUSE_BEFORE_LINE_MS, Date.now() - answeredAt);
      const audio = new Uint8Array(Math.round((startMs + SILENCE_AFTER_LINE_MS) * 8) + spoken.length).fill(SILENCE);
      audio.set(spoken, startMs * 8);
      onPlayed?.({ text, startMs, endMs: startMs + spoken.length / 8 });
      // Paced by the wall clock, as a line delivers it: the audio up to now goes at once, then a frame every 20 ms.
      let sent = 0;
      const timer = setInterval(() => {
        const due = Math.min(audio.length, Math.round((Date.now() - answeredAt) * 8));
        for (; sent + FRAME_BYTES <= due; sent += FRAME_BYTES) feed.push(audio.subarray(sent, sent + FRAME_BYTES));
        if (sent + FRAME_BYTES > audio.length) {
          clearInterval(timer);
          playing.delete(callId);
          feed.end();
        }
      }, FRAME_MS);
    },
    () => {
      lines.delete(text);
      playing.delete(callId);
      feed.end();
    },
  );
}
