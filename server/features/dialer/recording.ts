import { pcm16ToMuLaw } from '../../platform/speech/g711.js';
import { muLawWavFile } from '../../platform/telephony/wav-format.js';

/**
 * The simulator's call recording: a real 8 kHz mono WAV made of tones, one short phrase per second of talk (capped),
 * so the history player has something true to play and seek in; stored as mu-law, as real calls' recordings are.
 */
const SAMPLE_RATE = 8_000;
export const MAX_RECORDING_SECONDS = 20;

export function recordingWav(talkSeconds: number, phoneDigits: string): Buffer {
  const seconds = Math.min(MAX_RECORDING_SECONDS, Math.max(1, Math.round(talkSeconds)));
  const samples = new Int16Array(seconds * SAMPLE_RATE);
  // Agent and callee "speak" in turns of half a second, at pitches taken from the number.
  const digit = (i: number) => Number(phoneDigits[i % Math.max(1, phoneDigits.length)] ?? 0);
  for (let i = 0; i < samples.length; i++) {
    const turn = Math.floor(i / (SAMPLE_RATE / 2));
    const frequency = turn % 2 === 0 ? 220 + digit(turn) * 20 : 330 + digit(turn + 3) * 25;
    const within = (i % (SAMPLE_RATE / 2)) / (SAMPLE_RATE / 2);
    const envelope = Math.sin(Math.PI * within); // soft start and end of each turn, no clicks
    samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * envelope * 0.4 * 32_767);
  }
  return muLawWavFile([pcm16ToMuLaw(samples)], SAMPLE_RATE);
}
