import { Readable } from 'node:stream';
import { readWav } from '../../server/platform/telephony/call-recording.js';
import { muLawAsPcm } from '../../server/platform/telephony/mulaw-playback.js';
import { wavLayout } from '../../server/platform/telephony/wav-format.js';

/** The channels of a stored mu-law WAV, as they play (decoded the way the recording route serves them). */
export async function readMuLawWav(file: Buffer): Promise<{ rate: number; channels: Int16Array[] }> {
  const layout = wavLayout(file);
  if (layout?.encoding !== 'mulaw') throw new Error('not a mu-law WAV file');
  const chunks: Buffer[] = [];
  for await (const chunk of muLawAsPcm(layout, (range) => Readable.from([file.subarray(range.start, range.end + 1)])))
    chunks.push(chunk as Buffer);
  return readWav(Buffer.concat(chunks));
}
