// A SIP call's recording: Janus's SIP plugin writes each direction to its own .mjr file (`<base>-user-audio.mjr`, the
// agent; `<base>-peer-audio.mjr`, the lead); janus-pp-rec (Debian janus-tools) decodes each to 8 kHz PCM WAV, and the
// two are mixed here into one two-channel WAV (agent left, lead right), each placed at the time its first packet
// arrived, and stored as mu-law. Two channels rather than one sum: both voices are heard together, and each side stays
// separable.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MULAW_TO_PCM16, pcm16ToMuLaw } from '../speech/g711.js';
import { muLawWavFile, pcm16WavHeader, wavChunks } from './wav-format.js';

const run = promisify(execFile);

/** The .mjr files Janus writes for a recording started with `filename: base`. */
const recordingFiles = (base: string) => ({ user: `${base}-user-audio.mjr`, peer: `${base}-peer-audio.mjr` });

interface Pcm {
  rate: number;
  samples: Int16Array;
  /** When the first packet of this direction arrived (µs since the epoch, from the .mjr header). */
  firstPacketUs: number;
}

/** A 16-bit PCM WAV file of one channel per array (all of one length), interleaved. */
export function wavFile(channels: Int16Array[], rate: number): Buffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const data = Buffer.alloc(frames * count * 2);
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < count; channel++)
      data.writeInt16LE(channels[channel]![frame]!, (frame * count + channel) * 2);
  }
  return Buffer.concat([pcm16WavHeader(count, rate, data.length), data]);
}

/**
 * The recording's WAV as stored: mu-law (wav-format.ts) when every sample is one a mu-law byte decodes to, which a
 * PCMU call's always are (janus-pp-rec decodes with the same G.711 table, and fills gaps with 0, mu-law silence), so
 * nothing is lost; 16-bit PCM otherwise (a carrier that chose PCMA, whose samples mu-law would round).
 */
export function storedRecordingWav(channels: Int16Array[], rate: number): Buffer {
  const encoded = channels.map(pcm16ToMuLaw);
  const lossless = channels.every((samples, channel) =>
    samples.every((sample, i) => MULAW_TO_PCM16[encoded[channel]![i]!] === sample),
  );
  return lossless ? muLawWavFile(encoded, rate) : wavFile(channels, rate);
}

/** The channels of a 16-bit PCM WAV file. */
export function readWav(file: Buffer): { rate: number; channels: Int16Array[] } {
  const chunks = wavChunks(file);
  if (!chunks) throw new Error('not a WAV file');
  if (chunks.format && chunks.format.bits !== 16) throw new Error('only 16-bit PCM WAV files are read');
  if (!chunks.data) throw new Error('WAV file without data');
  const { rate = 0, channels = 1 } = chunks.format ?? {};
  const body = chunks.data.offset;
  const end = Math.min(file.length, body + chunks.data.bytes);
  const frames = Math.floor((end - body) / (2 * channels));
  const out = Array.from({ length: channels }, () => new Int16Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channels; channel++)
      out[channel]![frame] = file.readInt16LE(body + (frame * channels + channel) * 2);
  }
  return { rate, channels: out };
}

async function decode(mjr: string): Promise<Pcm | null> {
  if (!existsSync(mjr) || statSync(mjr).size === 0) return null;
  const { stdout } = await run('janus-pp-rec', ['-d', '0', '-j', mjr]);
  const header = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { s?: number; u?: number };
  // Decoded in a directory of this process: the recordings directory may belong to Janus's user.
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-recording-'));
  try {
    const wav = path.join(dir, 'side.wav');
    await run('janus-pp-rec', ['-d', '0', mjr, wav]);
    if (!existsSync(wav)) return null;
    const { rate, channels } = readWav(readFileSync(wav));
    return { rate, samples: channels[0] ?? new Int16Array(0), firstPacketUs: header.u ?? header.s ?? 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Mixes the two directions of a call into one WAV: the agent on the left channel, the lead on the right, each
 * starting at its first packet's arrival (a direction that recorded nothing is a silent channel). `call` (µs since
 * the epoch) is when the call was answered and ended: the WAV spans it, silent where no audio flowed yet (ICE and
 * DTLS take a moment after the answer). `audioSeconds` is the part that holds recorded audio. Null when Janus
 * recorded nothing in either direction.
 */
export async function mixCallRecording(
  base: string,
  call?: { answeredUs: number; endedUs: number },
): Promise<{ wav: Buffer; seconds: number; audioSeconds: number } | null> {
  const files = recordingFiles(base);
  const sides = await Promise.all([decode(files.user), decode(files.peer)]);
  const present = sides.filter((side): side is Pcm => side !== null && side.samples.length > 0);
  if (present.length === 0) return null;
  const rate = present[0]!.rate;
  if (present.some((side) => side.rate !== rate))
    throw new Error('the two directions were recorded at different sample rates');
  const firstPacket = Math.min(...present.map((side) => side.firstPacketUs));
  const start = call ? Math.min(call.answeredUs, firstPacket) : firstPacket;
  const offsetOf = (side: Pcm) => Math.round(((side.firstPacketUs - start) / 1_000_000) * rate);
  const audioEnd = Math.max(...present.map((side) => offsetOf(side) + side.samples.length));
  const frames = Math.max(audioEnd, call ? Math.round(((call.endedUs - start) / 1_000_000) * rate) : 0);
  const channels = sides.map((side) => {
    const channel = new Int16Array(frames);
    if (side) channel.set(side.samples, offsetOf(side));
    return channel;
  });
  return {
    wav: storedRecordingWav(channels, rate),
    seconds: frames / rate,
    audioSeconds: audioEnd / rate - Math.round(((firstPacket - start) / 1_000_000) * rate) / rate,
  };
}

/** Deletes a recording's .mjr files once the mix is made. */
export function removeRecordingFiles(base: string): void {
  const files = recordingFiles(base);
  for (const file of [files.user, files.peer]) rmSync(file, { force: true });
}

/**
 * Waits until a recording's files stop growing (Janus closed them, or writes nothing more) for `quietMs`, at most
 * `maxMs`; false when there are none. For files a process that died left behind: Janus keeps recording its calls
 * until it destroys the session.
 */
export async function settledRecordingFiles(base: string, quietMs = 1_500, maxMs = 30_000): Promise<boolean> {
  const files = recordingFiles(base);
  const sizes = () => [files.user, files.peer].map((file) => (existsSync(file) ? statSync(file).size : -1)).join(':');
  let last = sizes();
  if (last === '-1:-1') return false;
  let stableSince = Date.now();
  const deadline = Date.now() + maxMs;
  while (Date.now() - stableSince < quietMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = sizes();
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    }
  }
  return true;
}
