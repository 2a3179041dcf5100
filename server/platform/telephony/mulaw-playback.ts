// A stored mu-law WAV played as the 16-bit PCM WAV it decodes to, any byte range of it, without reading more of the
// stored file than the range needs: the PCM file is a 44-byte header made here, then each stored sample byte as two
// (little-endian) bytes, so PCM data byte j is the low (j even) or high (j odd) byte of stored data byte floor(j/2).
import { Readable } from 'node:stream';
import { MULAW_TO_PCM16 } from '../speech/g711.js';
import { PCM16_HEADER_BYTES, pcm16WavHeader, type WavLayout } from './wav-format.js';

/** An inclusive byte range, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Each mu-law byte's sample as two little-endian bytes: one lookup per byte, whatever the machine's byte order. */
const MULAW_TO_PCM16_LE = Buffer.alloc(512);
MULAW_TO_PCM16.forEach((sample, byte) => MULAW_TO_PCM16_LE.writeInt16LE(sample, byte * 2));

function expand(muLaw: Buffer): Buffer {
  const pcm = Buffer.allocUnsafe(muLaw.length * 2);
  for (let i = 0; i < muLaw.length; i++) {
    const at = muLaw[i]! * 2;
    pcm[2 * i] = MULAW_TO_PCM16_LE[at]!;
    pcm[2 * i + 1] = MULAW_TO_PCM16_LE[at + 1]!;
  }
  return pcm;
}

/** The size of the PCM WAV a stored mu-law WAV plays as. */
export const pcmPlaybackLength = (layout: WavLayout) => PCM16_HEADER_BYTES + layout.dataBytes * 2;

/**
 * Bytes `range` (default: all) of the PCM WAV that the stored mu-law WAV of `layout` plays as. `openStored` opens an
 * inclusive byte range of the stored file; it is asked only for the sample bytes the range covers, and not at all
 * for a range within the header. A stored file shorter than its layout says fails the stream (never a short answer).
 */
export function muLawAsPcm(
  layout: WavLayout,
  openStored: (range: ByteRange) => Readable,
  range: ByteRange = { start: 0, end: pcmPlaybackLength(layout) - 1 },
): Readable {
  const { start, end } = range;
  async function* bytes() {
    if (start < PCM16_HEADER_BYTES)
      yield pcm16WavHeader(layout.channels, layout.rate, layout.dataBytes * 2).subarray(
        start,
        Math.min(end + 1, PCM16_HEADER_BYTES),
      );
    if (end < PCM16_HEADER_BYTES) return;
    // PCM data bytes first..last (inclusive, from the first sample byte) come from stored data bytes first/2..last/2.
    const first = Math.max(start, PCM16_HEADER_BYTES) - PCM16_HEADER_BYTES;
    const last = end - PCM16_HEADER_BYTES;
    let skip = first % 2; // a range starting on a sample's high byte
    let left = last - first + 1;
    const stored = openStored({ start: layout.dataOffset + (first >> 1), end: layout.dataOffset + (last >> 1) });
    for await (const chunk of stored as AsyncIterable<Buffer>) {
      const pcm = expand(chunk);
      const part = pcm.subarray(skip, skip + left);
      skip = Math.max(0, skip - pcm.length);
      left -= part.length;
      if (part.length) yield part;
      if (left === 0) break;
    }
    if (left > 0) throw new Error('the stored recording is shorter than its header says');
  }
  return Readable.from(bytes(), { objectMode: false });
}
