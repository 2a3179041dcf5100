/**
 * Lead speech made on this machine: espeak-ng says a sentence and it is brought to a phone line's 8 kHz (G.711 µ-law
 * where a line carries it). The simulator and the local carrier play it as a lead's words, the objection bench and
 * tests hear it; nothing is committed as audio, it is made when first needed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { pcm16ToMuLaw } from './g711.js';

const run = promisify(execFile);

const WIDE_RATE = 22_050;
const NARROW_RATE = 8_000;

/** Why this machine cannot make the speech, as one sentence, or null. */
export function espeakProblem(): string | null {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'espeak-ng is not installed (Debian package espeak-ng): the lead speech cannot be made.';
  }
}

function wavSamples(wav: Buffer): Int16Array {
  const data = wav.indexOf('data') + 8;
  const bytes = wav.subarray(data, data + ((wav.length - data) & ~1));
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** espeak-ng's 22.05 kHz 16-bit speech. */
export async function speak(voice: string, speed: number, text: string): Promise<Int16Array> {
  const { stdout } = await run('espeak-ng', ['-v', voice, '-s', String(speed), '--stdout', text], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return wavSamples(stdout);
}

/** 22.05 kHz -> 8 kHz: a box filter about one output sample wide (a low-pass near 4 kHz) sampled at the new rate. */
export function toNarrowband(wide: Int16Array): Int16Array {
  const step = WIDE_RATE / NARROW_RATE;
  const out = new Int16Array(Math.floor(wide.length / step));
  for (let i = 0; i < out.length; i++) {
    const from = Math.floor(i * step);
    const to = Math.min(wide.length, Math.floor((i + 1) * step));
    let sum = 0;
    for (let j = from; j < to; j++) sum += wide[j]!;
    out[i] = Math.round(sum / Math.max(1, to - from));
  }
  return out;
}

/** Seeded line noise: a phone line is never digitally silent, and the recogniser hears speech after pure zeros badly. */
function addLineNoise(pcm: Int16Array, rms = 30): Int16Array {
  let state = 42;
  const uniform = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let i = 0; i < pcm.length; i++) {
    const noise = rms * Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
    pcm[i] = Math.max(-32_768, Math.min(32_767, pcm[i]! + Math.round(noise)));
  }
  return pcm;
}

export interface LeadLine {
  /** 8 kHz G.711 µ-law, a byte a sample: the pause, the sentence, the silence after it, over low line noise. */
  audio: Uint8Array;
  /** Where the sentence ends in `audio`. */
  spokenUntilMs: number;
}

function onTheLine(speech: Int16Array, pauseMs: number, silenceMs: number): LeadLine {
  const narrow = toNarrowband(speech);
  const pcm = new Int16Array(((pauseMs + silenceMs) * NARROW_RATE) / 1_000 + narrow.length);
  pcm.set(narrow, (pauseMs * NARROW_RATE) / 1_000);
  return {
    audio: pcm16ToMuLaw(addLineNoise(pcm)),
    spokenUntilMs: pauseMs + (narrow.length * 1_000) / NARROW_RATE,
  };
}

/** A lead's sentence as a phone line carries it, after `pauseMs` and followed by `silenceMs`. */
export async function leadLine(text: string, pauseMs: number, silenceMs: number): Promise<LeadLine> {
  return onTheLine(await speak('en-us', 150, text), pauseMs, silenceMs);
}

/** The same, made synchronously (the local carrier writes its files before SIPp starts). */
export function leadLineSync(text: string, pauseMs: number, silenceMs: number): LeadLine {
  const wav = execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '--stdout', text], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return onTheLine(wavSamples(wav), pauseMs, silenceMs);
}
