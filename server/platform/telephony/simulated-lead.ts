import type { LeadLine } from '../speech/lead-speech.js';
import type { LeadAudioTaps } from './lead-audio.js';
import { talkingLeadAudio } from './talking-leads.js';

/**
 * The simulator's talking leads (issue 31): a plan number whose lead says a line plays it, made with espeak-ng the
 * first time it is needed, into the call's lead audio in real time, so `npm start` shows live objection spotting
 * without a carrier. The lead pauses, says its line, and goes quiet: its audio ends once the recogniser has had the
 * silence it needs to close the utterance, which frees the node's stream for the next call.
 */

const FRAME_BYTES = 160; // 20 ms at 8 kHz µ-law
const FRAME_MS = 20;

const lines = new Map<string, Promise<LeadLine>>();
/** A re-run answer step must not start the line a second time. */
const playing = new Set<string>();

export function playLeadLine(taps: LeadAudioTaps, callId: string, text: string): void {
  if (playing.has(callId)) return;
  playing.add(callId);
  const answeredAt = Date.now();
  const feed = taps.open(callId, answeredAt);
  if (!lines.has(text)) lines.set(text, talkingLeadAudio(text));
  void lines.get(text)!.then(
    ({ audio }) => {
      // Paced by the wall clock from when the line is ready (the first time, espeak-ng takes a moment), a frame every 20 ms.
      const playFrom = Date.now();
      let sent = 0;
      const timer = setInterval(() => {
        const due = Math.min(audio.length, Math.round((Date.now() - playFrom) * 8));
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
