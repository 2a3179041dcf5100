import { describe, expect, it } from 'vitest';
import { MULAW_TO_PCM16 } from '../../server/platform/speech/g711.js';
import { readWav, storedRecordingWav, wavFile } from '../../server/platform/telephony/call-recording.js';
import { wavLayout } from '../../server/platform/telephony/wav-format.js';
import { readMuLawWav } from '../support/wav.js';

describe('call recording WAV files', () => {
  it('writes interleaved 16-bit PCM channels and reads them back apart', () => {
    const agent = Int16Array.from([0, 1_000, -1_000, 32_767]);
    const lead = Int16Array.from([-32_768, 5, 0, -5]);
    const file = wavFile([agent, lead], 8_000);
    expect(file.length).toBe(44 + 4 * 2 * 2);
    expect(file.readUInt16LE(22)).toBe(2); // channels
    expect(file.readUInt32LE(28)).toBe(8_000 * 2 * 2); // byte rate
    expect(file.readInt16LE(44 + 2)).toBe(-32_768); // the first frame's second channel
    const read = readWav(file);
    expect(read.rate).toBe(8_000);
    expect(read.channels).toEqual([agent, lead]);
  });

  it('refuses what is not a 16-bit PCM WAV', () => {
    expect(() => readWav(Buffer.from('not a wav file at all, not at all'))).toThrow('not a WAV file');
    const eightBit = wavFile([Int16Array.from([1])], 8_000);
    eightBit.writeUInt16LE(8, 34);
    expect(() => readWav(eightBit)).toThrow('only 16-bit PCM WAV files are read');
  });

  it('stores a mix of G.711 mu-law samples as mu-law, half the bytes, playing back the same samples', async () => {
    // What janus-pp-rec makes of a PCMU call: every sample one of the 256 a mu-law byte decodes to (0 in gaps).
    const agent = Int16Array.from({ length: 512 }, (_, i) => MULAW_TO_PCM16[i % 256]!);
    const lead = Int16Array.from({ length: 512 }, (_, i) => (i < 100 ? 0 : MULAW_TO_PCM16[(i * 7) % 256]!));
    const stored = storedRecordingWav([agent, lead], 8_000);
    expect(wavLayout(stored)).toEqual({
      encoding: 'mulaw',
      channels: 2,
      rate: 8_000,
      dataOffset: 58,
      dataBytes: 1_024,
    });
    expect(stored.length).toBe(58 + 512 * 2);
    expect((await readMuLawWav(stored)).channels).toEqual([agent, lead]);
  });

  it('keeps 16-bit PCM when mu-law would round a sample (a carrier that chose PCMA)', () => {
    const agent = Int16Array.from([0, 1_000, -1_000, 5]);
    const stored = storedRecordingWav([agent, new Int16Array(4)], 8_000);
    expect(wavLayout(stored)?.encoding).toBe('pcm16');
    expect(readWav(stored).channels[0]).toEqual(agent);
  });
});
