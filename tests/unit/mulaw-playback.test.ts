import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { muLawToPcm16 } from '../../server/platform/speech/g711.js';
import { wavFile } from '../../server/platform/telephony/call-recording.js';
import { muLawAsPcm, pcmPlaybackLength, type ByteRange } from '../../server/platform/telephony/mulaw-playback.js';
import { muLawWavFile, wavLayout } from '../../server/platform/telephony/wav-format.js';

/** A stored file served as GridFS does: the inclusive range asked for, here in chunks of 3 bytes. */
function storedOpener(stored: Buffer, asked: ByteRange[]) {
  return (range: ByteRange) => {
    asked.push(range);
    const bytes = stored.subarray(range.start, range.end + 1);
    const chunks = [];
    for (let at = 0; at < bytes.length; at += 3) chunks.push(bytes.subarray(at, at + 3));
    return Readable.from(chunks);
  };
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A small recording of every kind of byte: loud, quiet, both zeros, distinct on each channel. */
function sample(channels: number, frames: number): { stored: Buffer; tracks: Uint8Array[] } {
  const tracks = Array.from({ length: channels }, (_, channel) =>
    Uint8Array.from({ length: frames }, (_, frame) => (frame * 37 + channel * 101 + 0x7f) & 0xff),
  );
  return { stored: muLawWavFile(tracks, 8_000), tracks };
}

describe('a stored mu-law recording played as 16-bit PCM', () => {
  it('every byte range of the PCM file is those bytes of the full expansion, reading only the stored bytes it needs', async () => {
    for (const [channels, frames] of [
      [2, 5],
      [1, 7], // an odd data chunk, with its pad byte
    ] as const) {
      const { stored, tracks } = sample(channels, frames);
      const layout = wavLayout(stored)!;
      // Independent of the transcoder: the 16-bit PCM WAV of the decoded tracks.
      const expected = wavFile(tracks.map(muLawToPcm16), 8_000);
      const total = pcmPlaybackLength(layout);
      expect(total).toBe(expected.length);
      expect(await read(muLawAsPcm(layout, storedOpener(stored, [])))).toEqual(expected);
      for (let start = 0; start < total; start++) {
        for (let end = start; end < total; end++) {
          const asked: ByteRange[] = [];
          const bytes = await read(muLawAsPcm(layout, storedOpener(stored, asked), { start, end }));
          expect(bytes, `${channels} channels, bytes ${start}-${end}`).toEqual(expected.subarray(start, end + 1));
          if (end < 44) expect(asked).toEqual([]);
          else expect(asked).toEqual([{ start: 58 + ((Math.max(start, 44) - 44) >> 1), end: 58 + ((end - 44) >> 1) }]);
        }
      }
    }
  });

  it('fails rather than answer short when the stored file ends before its header says', async () => {
    const { stored } = sample(2, 5);
    const layout = wavLayout(stored)!;
    const cut = stored.subarray(0, stored.length - 2);
    await expect(read(muLawAsPcm(layout, storedOpener(cut, [])))).rejects.toThrow(
      'the stored recording is shorter than its header says',
    );
  });
});
