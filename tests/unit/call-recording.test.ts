import { describe, expect, it } from 'vitest';
import { readWav, wavFile } from '../../server/platform/telephony/call-recording.js';

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
});
