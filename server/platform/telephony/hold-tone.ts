// What a lead on hold hears: a soft chime the project makes itself (no audio file shipped), as 8 kHz mu-law, and the
// timer that plays it into the call at the RTP pace. The lead never hears silence on hold: silence reads as a dropped
// call and leads hang up (issue 29).
import { pcm16ToMuLaw } from '../speech/g711.js';

const RATE = 8_000;
/** One RTP frame: 20 ms of 8 kHz audio. */
export const HOLD_FRAME_SAMPLES = 160;
const FRAME_MS = 20;
/** A pause of the event loop longer than this is skipped rather than caught up with a burst of packets. */
const MAX_CATCH_UP_FRAMES = 5;

/** C major arpeggio (C5 E5 G5 E5), one note every 400 ms, over a quiet held C4 so the pattern has no silent gap. */
const NOTES_HZ = [523.25, 659.25, 783.99, 659.25];
const NOTE_MS = 400;
const DRONE_HZ = 261.63;

let pattern: Buffer | undefined;

/** The hold pattern (1.6 s, mu-law), made once per process. */
export function holdPattern(): Buffer {
  if (pattern) return pattern;
  const noteSamples = (RATE * NOTE_MS) / 1_000;
  const pcm = new Int16Array(noteSamples * NOTES_HZ.length);
  for (let i = 0; i < pcm.length; i++) {
    const note = NOTES_HZ[Math.floor(i / noteSamples)]!;
    const inNote = (i % noteSamples) / RATE;
    // A chime: quick attack, gentle decay, a little of the octave above.
    const envelope = Math.min(1, inNote / 0.01) * Math.exp(-inNote * 4);
    const chime = Math.sin(2 * Math.PI * note * (i / RATE)) + 0.25 * Math.sin(4 * Math.PI * note * (i / RATE));
    const drone = 0.18 * Math.sin(2 * Math.PI * DRONE_HZ * (i / RATE));
    pcm[i] = Math.round(7_000 * (envelope * chime * 0.8 + drone));
  }
  pattern = Buffer.from(pcm16ToMuLaw(pcm));
  return pattern;
}

/**
 * Plays the hold pattern in a loop, one 20 ms frame per `sendFrame`, paced by the wall clock (a timer alone drifts
 * under load). Returns the stop.
 */
export function playHoldTone(sendFrame: (payload: Buffer) => void): () => void {
  return playFrames(holdPattern(), sendFrame, { loop: true });
}

/**
 * Plays 8 kHz mu-law audio one 20 ms frame per `sendFrame` at the RTP pace, looped or once (`onEnd` then follows the
 * last frame: a voicemail greeting). Returns the stop.
 */
export function playFrames(
  audio: Buffer,
  sendFrame: (payload: Buffer) => void,
  { loop, onEnd }: { loop: boolean; onEnd?: () => void },
): () => void {
  const frames = Math.floor(audio.length / HOLD_FRAME_SAMPLES);
  const startedAt = Date.now();
  let sent = 0;
  const stop = () => clearInterval(timer);
  const tick = () => {
    const due = Math.floor((Date.now() - startedAt) / FRAME_MS) + 1;
    if (due - sent > MAX_CATCH_UP_FRAMES) sent = due - MAX_CATCH_UP_FRAMES;
    for (; sent < due; sent++) {
      if (!loop && sent >= frames) {
        stop();
        onEnd?.();
        return;
      }
      const at = (sent % frames) * HOLD_FRAME_SAMPLES;
      sendFrame(audio.subarray(at, at + HOLD_FRAME_SAMPLES));
    }
  };
  const timer = setInterval(tick, FRAME_MS / 2);
  tick();
  return stop;
}
