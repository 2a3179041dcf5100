/**
 * Lead speech made on this machine for the objection spotter's bench and tests: espeak-ng says it, it is brought to a
 * phone line's 8 kHz and G.711 µ-law, with or without noise. Nothing is written to disk.
 */
import { pcm16ToMuLaw } from '../server/platform/speech/g711.js';

export { espeakProblem, speak, toNarrowband } from '../server/platform/speech/lead-speech.js';

const NARROW_RATE = 8_000;

export interface Utterance {
  text: string;
  /** The objection it contains, if any. */
  phrase?: string;
}

/** Seeded, so every run hears the same noise. */
function noiseSource(seed: number) {
  let state = seed;
  const uniform = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  return (rms: number) => rms * Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

export interface Placed {
  utterance: Utterance;
  startMs: number;
  endMs: number;
}

/** The utterances back to back with 0.8 s pauses (the recogniser ends an utterance on silence), as 8 kHz µ-law. */
export function assemble(
  clips: Int16Array[],
  utterances: Utterance[],
  noiseRms: number,
): { audio: Uint8Array; placed: Placed[]; seconds: number } {
  const gap = Math.round(0.8 * NARROW_RATE);
  const total = clips.reduce((n, c) => n + c.length + gap, gap);
  const pcm = new Int16Array(total);
  const placed: Placed[] = [];
  let at = gap;
  clips.forEach((clip, i) => {
    pcm.set(clip, at);
    placed.push({
      utterance: utterances[i]!,
      startMs: (at / NARROW_RATE) * 1_000,
      endMs: ((at + clip.length) / NARROW_RATE) * 1_000,
    });
    at += clip.length + gap;
  });
  const noise = noiseSource(42 + noiseRms);
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.max(-32_768, Math.min(32_767, pcm[i]! + Math.round(noise(noiseRms || 30))));
  return { audio: pcm16ToMuLaw(pcm), placed, seconds: total / NARROW_RATE };
}
